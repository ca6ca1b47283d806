import Foundation
import MessagePack
import QuenchProtocol

/// Encode and decode of a typical envelope, in process: an `intake.log` request as a client
/// sends it (user, tz, idempotency key, a body with fluid, volume, unit and instant).
enum CodecBench {
    static func typicalRequest() throws -> Envelope {
        Envelope(
            type: IntakeMessage.log, user: "ana", timeZone: "Europe/Berlin",
            idempotencyKey: "6f1c2a7e-5b0d-4f3e-9a84-2c7d1e0b5a93",
            body: try MessagePackRaw(encoding: LogIntakeRequest(fluid: "coffee", volume: 250, unit: "ml", at: Date())))
    }

    static func run(_ bench: BenchRun) throws {
        let report = bench.report
        let envelope = try typicalRequest()
        let bytes = try envelope.encoded()
        let body = LogIntakeRequest(fluid: "coffee", volume: 250, unit: "ml", at: Date())
        let iterations = bench.quick ? 5_000 : 20_000
        let batches = bench.quick ? 7 : 15
        report.note("codec: typical envelope = intake.log request, \(bytes.count) bytes; \(batches) batches of \(iterations); ns per operation, median of batches")
        var sink = 0
        let cases: [(String, () throws -> Void)] = [
            ("encode envelope (body already encoded)", { sink &+= try envelope.encoded().count }),
            ("encode envelope + body", {
                var fresh = envelope
                fresh.body = try MessagePackRaw(encoding: body)
                sink &+= try fresh.encoded().count
            }),
            ("decode envelope", { sink &+= try Envelope.decode(bytes).type.utf8.count }),
            ("decode envelope + body", {
                let decoded = try Envelope.decode(bytes)
                sink &+= Int(try decoded.decodeBody(LogIntakeRequest.self).volume)
            }),
        ]
        for (name, operation) in cases {
            for _ in 0..<1000 { try operation() }
            var perOp = Samples()
            for _ in 0..<batches {
                let start = Clock.nanos()
                for _ in 0..<iterations { try operation() }
                perOp.append(Double(Clock.nanos() - start) / Double(iterations))
            }
            let median = perOp.median / 1000
            report.add("codec", name, value: Format.fixed(median, 2) + " µs", target: "≤ 2 µs", met: median <= 2,
                       spread: perOp.spread { Format.fixed($0 / 1000, 2) })
        }
        if sink == 42 { print("") }
    }
}
