import ArgumentParser
import Foundation

/// Options shared by every benchmark.
struct BenchOptions: ParsableArguments {
    @Flag(help: "Fewer rounds and smaller data (the whole suite in about three minutes).")
    var quick = false

    @Option(help: "Folder for generated data, service folders and results.")
    var work = "/tmp/quench-bench"

    @Option(help: "Folder of the release executables (default: next to quench-bench).")
    var bin: String?

    @Option(help: "First of the 100 loopback ports the suite uses (services, raw echo); change it to run two suites side by side.")
    var portBase = 7800

    @Option(help: "The Python of the reference tools (default .venv-bench/bin/python).")
    var python = ".venv-bench/bin/python"

    var binaries: String {
        if let bin { return bin }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return me.deletingLastPathComponent().path
    }

    /// The repository root (for the reference scripts): the working directory.
    var repository: String { FileManager.default.currentDirectoryPath }
}
