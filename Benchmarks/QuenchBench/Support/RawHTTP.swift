import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 client on one keep-alive TCP connection (TCP_NODELAY): writes a
/// request, reads the head and a `Content-Length` body. Enough for the web edge's JSON API;
/// no chunked replies, no TLS.
final class RawHTTP {
    private let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: \(errno)") }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw BenchError("connect to 127.0.0.1:\(port): errno \(errno)") }
    }

    deinit { close(fd) }

    /// Sends one request; returns the status and the body.
    func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) throws -> (status: Int, body: String) {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        let payload = Array((body ?? "").utf8)
        if body != nil { text += "Content-Type: application/json\r\nContent-Length: \(payload.count)\r\n" }
        let bytes = Array((text + "\r\n").utf8) + payload
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw BenchError("write: errno \(errno)") }
            sent += n
        }
        let end = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            if let index = find(end) { headEnd = index } else { try fill() }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else {
            throw BenchError("bad status line: \(head)")
        }
        var length = 0
        for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
            length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        while buffer.count < length { try fill() }
        let reply = String(decoding: buffer[..<length], as: UTF8.self)
        buffer.removeFirst(length)
        return (status, reply)
    }

    private func find(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for index in 0...(buffer.count - pattern.count) where buffer[index] == pattern[0] && Array(buffer[index..<index + pattern.count]) == pattern {
            return index
        }
        return nil
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { throw BenchError("the connection closed (read \(n), errno \(errno))") }
        buffer.append(contentsOf: chunk[..<n])
    }
}
