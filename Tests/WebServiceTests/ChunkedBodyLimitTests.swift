import Foundation
import QuenchProtocol
import QuenchTesting
import Testing

/// A body sent chunked (no Content-Length to refuse up front) that grows past the limit is
/// 413 `too_large`, like a declared Content-Length over it, on the API's 64 KiB routes and
/// on Health Auto Export's own limit; never a 500 (#39 item 4).
@Suite(.serialized) struct ChunkedBodyLimitTests {
    @Test func chunkedBodiesOverTheLimitAre413() async throws {
        try await WebDeployment.with([], label: "web-chunked", arguments: ["--limits-http-body-bytes", "1024", "--limits-hae-body-bytes", "4096"]) {
            deployment in
            let token = try await deployment.token(for: "ana")
            for (path, size, limit) in [("/api/v1/intakes", 3000, "limits.http.body.bytes"), ("/api/v1/health-auto-export", 20000, "limits.hae.body.bytes")] {
                let reply = try Self.postChunked(port: deployment.port, path: path, token: token, bytes: size)
                #expect(reply.hasPrefix("HTTP/1.1 413"), "\(path): \(reply.prefix(300))")
                #expect(reply.contains("too_large") && reply.contains(limit), "\(path): \(reply.prefix(600))")
            }
        }
    }

    /// Posts `bytes` bytes of a JSON string in 500-byte chunks over a raw socket; the reply
    /// as text (what arrived within 10 s).
    static func postChunked(port: Int, path: String, token: String, bytes: Int) throws -> String {
        let socket = try RawSocket(port: port)
        socket.send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\n"
            + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
        let body = #"{"volume":250,"fluid":""# + String(repeating: "a", count: bytes) + #""}"#
        var rest = Substring(body)
        while !rest.isEmpty {
            let chunk = rest.prefix(500)
            rest = rest.dropFirst(chunk.count)
            socket.send(String(chunk.utf8.count, radix: 16) + "\r\n" + chunk + "\r\n")
        }
        socket.send("0\r\n\r\n")
        return socket.receive(seconds: 10) { $0.contains("}") }.text
    }
}
