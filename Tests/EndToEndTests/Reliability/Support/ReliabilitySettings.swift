import Foundation

/// Sizes of the reliability suite, from the environment: CI sizes by default, the long
/// run with e.g. `QUENCH_RELIABILITY_N=10000 QUENCH_RELIABILITY_KILLS=10`.
enum ReliabilitySettings {
    /// Requests in the crash-under-load scenario (`QUENCH_RELIABILITY_N`, default 2000).
    static var requests: Int { integer("QUENCH_RELIABILITY_N", default: 2000, range: 10...1_000_000) }

    /// SIGKILLs in the crash scenario (`QUENCH_RELIABILITY_KILLS`, default 3).
    static var kills: Int { integer("QUENCH_RELIABILITY_KILLS", default: 3, range: 1...1000) }

    /// Events in the subscriber scenarios (`QUENCH_RELIABILITY_EVENTS`, default 600).
    static var events: Int { integer("QUENCH_RELIABILITY_EVENTS", default: 600, range: 10...1_000_000) }

    /// Seconds of the soak test (`QUENCH_SOAK_SECONDS`, default 10).
    static var soakSeconds: Int { integer("QUENCH_SOAK_SECONDS", default: 10, range: 1...604_800) }

    /// The RNG seed (`QUENCH_RELIABILITY_SEED`), else a fresh one; always printed, so a run repeats.
    static func seed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["QUENCH_RELIABILITY_SEED"], let seed = UInt64(text) {
            return seed
        }
        return UInt64.random(in: 1...UInt64(UInt32.max))
    }

    private static func integer(_ name: String, default fallback: Int, range: ClosedRange<Int>) -> Int {
        guard let text = ProcessInfo.processInfo.environment[name], let value = Int(text) else { return fallback }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}

/// One summary line per scenario, `RELIABILITY <scenario>: key=value …`, for docs/RELIABILITY.md.
enum ReliabilityReport {
    static func line(_ scenario: String, _ figures: KeyValuePairs<String, Any>) {
        let text = figures.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        FileHandle.standardOutput.write(Data("RELIABILITY \(scenario): \(text)\n".utf8))
    }
}
