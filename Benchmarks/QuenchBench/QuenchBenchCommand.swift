import ArgumentParser

/// `quench-bench`: the benchmark suite (see docs/BENCHMARKS.md).
struct QuenchBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quench-bench",
        abstract: "Measure Quench against references run on the same machine in the same run.",
        discussion: """
            Run everything with `bash Benchmarks/run.sh [--quick]`, which builds release, installs
            the Python references into .venv-bench and runs `quench-bench all`.

            Ports 7800–7899 on 127.0.0.1 are used (`--port-base` moves them); every service started is stopped at the end.
            """,
        subcommands: [All.self, CodecCommand.self, PingCommand.self, ThroughputCommand.self, ThroughputABCommand.self, FanoutCommand.self,
                      ImportCommand.self, WorkoutsCommand.self, WorkoutImportCommand.self, AnalyticsCommand.self, CLICommand.self, WebCommand.self,
                      Generate.self, Parse.self]
    )
}

extension QuenchBenchCommand {
    /// The async entry point (the top-level `main` would pick the synchronous one).
    static func start() async {
        await main()
    }
}
