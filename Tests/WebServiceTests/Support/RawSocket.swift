import Foundation
import Glibc
import QuenchTesting

/// A plain TCP connection to the web edge for what an HTTP client will not do: send a request
/// in pieces, stay idle, come from another loopback address (all of 127.0.0.0/8 is this host).
final class RawSocket {
    private let fd: Int32

    /// Connects to 127.0.0.1:`port`, from `source` (another loopback address than the default).
    init(port: Int, from source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else { throw TestFailure("bind to \(source): errno \(errno)") }
        }
        var remote = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw TestFailure("could not connect to 127.0.0.1:\(port): errno \(errno)") }
    }

    deinit { close(fd) }

    private static func address(_ host: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }

    /// Sends `text`; false when the peer has closed the connection.
    @discardableResult
    func send(_ text: String) -> Bool {
        text.withCString { Glibc.send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) } >= 0
    }

    /// What arrives within `seconds`, and whether the peer closed the connection by then.
    /// Returns as soon as it closes, or when `until` holds for what arrived.
    func receive(seconds: Double, until done: (String) -> Bool = { _ in false }) -> (text: String, closed: Bool) {
        var received = ""
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 {
            var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let wait = Int32(max(1, min(200, deadline.timeIntervalSinceNow * 1000)))
            guard Glibc.poll(&poll, 1, wait) >= 0 else { break }
            if poll.revents == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(fd, &buffer, buffer.count, 0)
            guard count > 0 else { return (received, true) }
            received += String(decoding: buffer[0..<count], as: UTF8.self)
            if done(received) { return (received, false) }
        }
        return (received, false)
    }
}
