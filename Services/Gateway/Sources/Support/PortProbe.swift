import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether a TCP port can be listened on now: binds a socket to it with `SO_REUSEADDR` (as the
/// services' own listeners do, so a port held only by closing connections counts as free) and
/// closes it again. A host that is not an IPv4 or IPv6 address literal is not checked (true).
enum PortProbe {
    static func canBind(host: String, port: Int) -> Bool {
        guard (1...65535).contains(port) else { return true }
        let literal = host == "localhost" ? "127.0.0.1" : host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
            return withUnsafePointer(to: &v4) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(family: AF_INET, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        if inet_pton(AF_INET6, literal, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
            return withUnsafePointer(to: &v6) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(family: AF_INET6, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
        return true
    }

    private static func bind(family: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Bool {
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        return Glibc.bind(fd, address, length) == 0
    }
}
