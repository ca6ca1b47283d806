import ArgumentParser
import HealthImport

/// `quench-bench generate apple-health|workouts`: the suite's test data, deterministic per seed.
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write test data: Apple Health exports and workout logs.",
        subcommands: [GenerateAppleHealth.self, GenerateWorkouts.self])
}

struct GenerateAppleHealth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple-health",
        abstract: "An Apple Health export with realistic shape (HealthImport's generator).",
        discussion: "Example: quench-bench generate apple-health --records 1000000 --out /tmp/export.xml")

    @Option(help: "Top-level Record elements.") var records: Int
    @Option(help: "Output file (export.xml, or export.zip with --zip).") var out: String
    @Option(help: "Seed; the same seed writes the same file.") var seed: UInt64 = 42
    @Flag(help: "Write a deflated export.zip.") var zip = false
    @Flag(help: "Add the quirks of real exports (broken DTD lines, control characters).") var quirks = false

    func run() throws {
        let manifest = try AppleHealthExportGenerator.write(records: records, to: out, seed: seed, zip: zip, quirks: quirks)
        print("\(out): \(manifest)")
    }
}

struct GenerateWorkouts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: "A workout log (`Oct 11 2020,Back Squat,3,5,100` per line).",
        discussion: "Example: quench-bench generate workouts --lines 1000000 --out /tmp/workouts.csv")

    @Option(help: "Data lines after the header.") var lines: Int
    @Option(help: "Output file.") var out: String
    @Option(help: "Seed; the same seed writes the same file.") var seed: UInt64 = 42
    @Option(help: "Make every Nth line invalid.") var badEvery: Int?

    func run() throws {
        let counts = try WorkoutLogGenerator.write(lines: lines, to: out, seed: seed, badEvery: badEvery)
        print("\(out): \(counts.good) good, \(counts.bad) bad lines")
    }
}
