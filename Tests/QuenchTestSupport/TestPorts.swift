import Foundation
import Synchronization

/// Loopback ports for services a test starts, below the kernel's ephemeral range
/// (`ip_local_port_range`, 32768–60999 by default). A service restarted by a test binds the
/// port it had again; a port the kernel handed out would be free for any outgoing connection
/// to take as its local port while the service is down (seen: a restart failing with
/// "Address already in use"). Ports here are never handed out that way. Each test process
/// counts through the range from its own offset, and skips a port something is bound to.
public enum TestPorts {
    static let range = 20_000..<32_000
    private static let next = Mutex<Int>(range.lowerBound + Int(getpid() % 60) * 200)

    /// A port on 127.0.0.1 nothing was bound to a moment ago, not handed out before by this process.
    public static func take() -> Int {
        next.withLock { next in
            for _ in 0..<range.count {
                let port = next
                next = next + 1 >= range.upperBound ? range.lowerBound : next + 1
                if isFree(port) { return port }
            }
            return 0
        }
    }

    /// `tcp://127.0.0.1:<port>` with a port from ``take()``.
    public static func endpoint() -> String {
        "tcp://127.0.0.1:\(take())"
    }

    /// Whether a listening socket could bind the port now (with `SO_REUSEADDR`, as libzmq sets,
    /// so connections still in `TIME_WAIT` do not count).
    static func isFree(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
