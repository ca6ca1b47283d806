import Foundation
import QuenchProtocol

/// `quench today` as a whole process (services warm, CURVE) against `quench --version`,
/// interleaved.
enum CLIBench {
    static func run(_ bench: BenchRun) async throws {
        let deployment = try await bench.full()
        let quench = "\(bench.options.binaries)/quench"
        let config = try deployment.clientConfig(user: "cli")
        _ = try ChildProcess.check([quench, "log", "250ml", "--config", config])
        let runs = bench.quick ? 7 : 15
        var today = Samples(), version = Samples()
        for round in 0..<(runs + 2) {
            let a = try ChildProcess.check([quench, "today", "--config", config])
            let b = try ChildProcess.check([quench, "--version"])
            if round >= 2 {
                today.append(a.seconds * 1000)
                version.append(b.seconds * 1000)
            }
        }
        let ratio = today.median / version.median
        bench.report.add("cli", "quench today (whole process, CURVE, services warm)",
                         value: "\(Format.fixed(today.median, 1)) ms",
                         reference: "quench --version \(Format.fixed(version.median, 1)) ms",
                         ratio: Format.ratio(ratio), target: "≤ 3×", met: ratio <= 3,
                         spread: "today \(today.spread { Format.fixed($0, 1) }), version \(version.spread { Format.fixed($0, 1) }) ms (\(runs) runs each)")
    }
}
