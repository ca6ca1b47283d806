import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import QuenchProtocol
import QuenchTesting
import Testing

/// Idle and slow connections end, and one address cannot hold every connection (#39 item 3):
/// a real `quench-web` with short limits, over raw sockets. Each test runs on a thread of its
/// own (its sockets block while they wait).
@Suite(.serialized) struct ConnectionLimitsTests {
    static let timeouts = ["--http-timeout-head-ms", "600", "--http-timeout-body-ms", "800", "--http-timeout-idle-ms", "1500"]

    @Test("an idle connection, a kept-alive one, a head sent a byte at a time and a slow body are each closed at their timeout")
    func slowAndIdleConnectionsEnd() async throws {
        try await onOwnThread("web-timeouts") {
            try await WebDeployment.with([ServiceName.intake], label: "web-timeouts", arguments: Self.timeouts) { deployment in
                let token = try await deployment.token(for: "ana")
                let port = deployment.port

                // Never a byte: closed at the idle timeout, with no reply.
                let idle = try RawSocket(port: port)
                #expect(idle.receive(seconds: 0.2).closed == false, "closed before any timeout")
                let silent = idle.receive(seconds: 30)
                #expect(silent.closed && silent.text.isEmpty, "\(silent)")

                // One request answered, then nothing: the kept-alive connection ends too.
                let kept = try RawSocket(port: port)
                kept.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let answered = kept.receive(seconds: 30) { $0.contains("\r\n\r\n") }
                #expect(answered.text.hasPrefix("HTTP/1.1 200"), "\(answered.text.prefix(200))")
                #expect(kept.receive(seconds: 30).closed, "a kept-alive connection stayed open")

                // A head trickled a byte every 100 ms: 408 naming the key, then closed.
                let trickle = try RawSocket(port: port)
                trickle.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
                var refused = (text: "", closed: false)
                for _ in 0..<300 where !refused.closed {
                    trickle.send("a")
                    let part = trickle.receive(seconds: 0.1)
                    refused = (refused.text + part.text, part.closed)
                }
                #expect(refused.closed && refused.text.hasPrefix("HTTP/1.1 408"), "\(refused.text.prefix(300))")
                #expect(refused.text.contains("deadline_exceeded") && refused.text.contains("http.timeout.head.ms"), "\(refused.text)")

                // A body that stops half-way: 408 naming its key, closed, nothing stored.
                let body = #"{"volume":250}"#
                let slow = try RawSocket(port: port)
                slow.send("POST /api/v1/intakes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body.prefix(6))
                let stalled = slow.receive(seconds: 30)
                #expect(stalled.closed && stalled.text.hasPrefix("HTTP/1.1 408"), "\(stalled.text.prefix(300))")
                #expect(stalled.text.contains("http.timeout.body.ms"), "\(stalled.text)")
                let list = try await deployment.request(.get, "/api/v1/intakes", headers: [.authorization: "Bearer \(token)"])
                let listed = list.body.map { String(buffer: $0) } ?? ""
                #expect(list.status == .ok && !listed.contains("250"), "\(listed)")

                // A request that keeps to the limits is served as before.
                let logged = try await deployment.request(
                    .post, "/api/v1/intakes", headers: [.authorization: "Bearer \(token)", .init("Idempotency-Key")!: "limits-1"], body: body)
                #expect(logged.status == .created)
            }
        }
    }

    @Test("one address may hold limits.http.connections.per.client connections: the next is 503 and closed, another address is served, and a closed one frees its place")
    func connectionsPerClient() async throws {
        try await onOwnThread("web-per-client") {
            try await WebDeployment.with([], label: "web-per-client", arguments: ["--limits-http-connections-per-client", "3"]) { deployment in
                let port = deployment.port
                var held = try (0..<3).map { _ in try RawSocket(port: port, from: "127.0.0.2") }
                // Each answered (so admitted: the event loops admit connections side by side) and
                // kept alive: the fourth is refused.
                for socket in held {
                    socket.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    #expect(socket.receive(seconds: 30) { $0.contains("\r\n\r\n") }.text.hasPrefix("HTTP/1.1 200"))
                }
                let fourth = try RawSocket(port: port, from: "127.0.0.2")
                let refused = fourth.receive(seconds: 30)
                #expect(refused.closed && refused.text.hasPrefix("HTTP/1.1 503"), "\(refused.text.prefix(300))")
                #expect(refused.text.contains("resource_exhausted") && refused.text.contains("limits.http.connections.per.client"), "\(refused.text)")

                // Another address is not held up by them.
                let other = try RawSocket(port: port)
                other.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(other.receive(seconds: 30) { $0.contains("\r\n\r\n") }.text.hasPrefix("HTTP/1.1 200"))

                // One of the three closes: its place is free again (the web sees the close first).
                held.removeFirst()
                var served = false
                for _ in 0..<100 where !served {
                    let next = try RawSocket(port: port, from: "127.0.0.2")
                    next.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    served = next.receive(seconds: 30) { $0.contains("\r\n\r\n") }.text.hasPrefix("HTTP/1.1 200")
                    if !served { try await Task.sleep(for: .milliseconds(100)) }
                }
                #expect(served, "a freed place was never given again")
                #expect(held.count == 2)
            }
        }
    }
}
