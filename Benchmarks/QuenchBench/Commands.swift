import ArgumentParser

/// Runs benchmarks in order; a failing one is reported and the rest still run. Every
/// service started is stopped, and the results are saved, whatever happens.
enum Suite {
    typealias Step = (name: String, run: @Sendable (BenchRun) async throws -> Void)

    static let steps: [Step] = [
        ("codec", { try CodecBench.run($0) }),
        ("ping", { bench in
            try await PingBench.run(bench, secure: true)
            try await PingBench.run(bench, secure: false)
        }),
        ("throughput", { bench in
            try await ThroughputBench.run(bench, secure: true)
            try await ThroughputBench.run(bench, secure: false)
            bench.stopAll()
        }),
        ("workouts", { try WorkoutBench.run($0) }),
        ("workout-import", { try await WorkoutImportBench.run($0) }),
        ("fanout", { try await FanoutBench.run($0) }),
        ("cli", { try await CLIBench.run($0) }),
        ("analytics", { try await AnalyticsBench.run($0) }),
        ("import", { try await ImportBench.run($0) }),
        ("web", { try await WebBench.run($0) }),
    ]

    static func run(_ options: BenchOptions, only: Set<String>?) async throws {
        let bench = BenchRun(options: options)
        var failed: [String] = []
        for step in steps where only?.contains(step.name) ?? true {
            print("== \(step.name)")
            let start = Clock.nanos()
            do {
                try await step.run(bench)
            } catch {
                failed.append(step.name)
                bench.report.add(step.name, "FAILED", value: "\(error)")
            }
            print("   (\(Format.fixed(Clock.seconds(since: start), 1)) s)")
        }
        try bench.finish()
        if !failed.isEmpty { throw ExitCode(1) }
    }
}

struct All: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Every benchmark, in order (what Benchmarks/run.sh runs).")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: nil) }
}

struct CodecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "codec", abstract: "Envelope encode and decode.")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["codec"]) }
}

struct PingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ping", abstract: "system.ping round trips against the raw echo.")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["ping"]) }
}

struct ThroughputCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "throughput", abstract: "Durable intake.log throughput and latency at half load.")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["throughput"]) }
}

struct ThroughputABCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "throughput-ab",
        abstract: "Two builds of intake side by side: throughput, CPU per log and half-load latency, alternating.",
        discussion: "A is the build in --bin (or next to quench-bench), B the one in --vs. Not part of `all`.")
    @OptionGroup var options: BenchOptions
    @Option(help: "Folder of the other build's executables (B).")
    var vs: String
    @Option(help: "Rounds of each kind (each round runs both sides, in alternating order).")
    var rounds = 6
    @Flag(help: "Without CURVE (default: with).")
    var insecure = false

    func run() async throws {
        let bench = BenchRun(options: options)
        defer { bench.stopAll() }
        try await ThroughputABBench.run(bench, vs: vs, secure: !insecure, rounds: rounds)
        try bench.finish()
    }
}

struct FanoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fanout", abstract: "weight → goal → analytics, end to end.")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["fanout"]) }
}

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "Apple Health import against healthkit-to-sqlite.")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["import"]) }
}

struct WorkoutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "workouts", abstract: "Workout-log parse against a Python csv loop.")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["workouts"]) }
}

struct WorkoutImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workout-import", abstract: "quench import workouts until orm answers, against workouts_csv.py --orm; the re-import.")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["workout-import"]) }
}

struct AnalyticsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "analytics", abstract: "Analytics queries on up to ten years of one user's data.")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["analytics"]) }
}

struct CLICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cli", abstract: "quench today against quench --version, as processes.")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["cli"]) }
}

struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web", abstract: "Logging a drink through quench-web's HTTP API against intake.log directly (p50 overhead).")
    @OptionGroup var options: BenchOptions
    func run() async throws { try await Suite.run(options, only: ["web"]) }
}
