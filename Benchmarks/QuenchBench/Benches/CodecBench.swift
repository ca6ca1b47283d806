import Foundation
import MessagePack
import QuenchProtocol

/// Encode and decode of a typical envelope, in process: an `intake.log` request as a client
/// sends it (user, tz, idempotency key, a body with fluid, volume, unit and instant).
enum CodecBench {
    static func typicalRequest() throws -> Envelope {
        Envelope(
            type: MessageDescriptor.intakeLog.name, user: "ana", timeZone: "Europe/Berlin",
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
        report.note("codec: headline = the envelope with its typed body (LogIntakeRequest through the generic coder), target ≤ 2 µs each way; the envelope alone (body already bytes) aims at ≤ 1 µs")
        var sink = 0
        let cases: [(name: String, target: Double, operation: () throws -> Void)] = [
            ("encode envelope + typed body", 2, {
                var fresh = envelope
                fresh.body = try MessagePackRaw(encoding: body)
                sink &+= try fresh.encoded().count
            }),
            ("decode envelope + typed body", 2, {
                let decoded = try Envelope.decode(bytes)
                sink &+= Int(try decoded.decodeBody(LogIntakeRequest.self).volume)
            }),
            ("encode envelope (body already encoded)", 1, { sink &+= try envelope.encoded().count }),
            ("decode envelope (body left raw)", 1, { sink &+= try Envelope.decode(bytes).type.utf8.count }),
        ]
        for (name, target, operation) in cases {
            for _ in 0..<1000 { try operation() }
            var perOp = Samples()
            for _ in 0..<batches {
                let start = Clock.nanos()
                for _ in 0..<iterations { try operation() }
                perOp.append(Double(Clock.nanos() - start) / Double(iterations))
            }
            let median = perOp.median / 1000
            report.add("codec", name, value: Format.fixed(median, 2) + " µs", target: "≤ \(Int(target)) µs", met: median <= target,
                       spread: perOp.spread { Format.fixed($0 / 1000, 2) })
        }
        if sink == 42 { print("") }
    }
}
