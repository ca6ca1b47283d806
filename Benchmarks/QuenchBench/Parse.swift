import ArgumentParser
import HealthImport

/// `quench-bench parse …`: the parsers alone, as a child process so that its time and peak
/// memory are measured on their own.
struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse a file with Quench's streaming parsers and print the counts (used as a child process).",
        subcommands: [ParseAppleHealth.self, ParseWorkouts.self])
}

struct ParseAppleHealth: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "apple-health")
    @Argument var path: String

    func run() throws {
        var records = 0
        var checksum = 0.0
        let summary = try AppleHealthParser().parse(path: path) { record in
            records += 1
            checksum += record.value
        }
        print("records \(records) seen \(summary.recordsSeen) checksum \(checksum)")
    }
}

struct ParseWorkouts: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "workouts")
    @Argument var path: String

    func run() throws {
        var good = 0
        var checksum = 0.0
        let counts = try WorkoutLogParser().parse(path: path) { result in
            if case .success(let line) = result {
                good += 1
                checksum += line.weight * Double(line.sets * line.reps) + Double(line.year + line.month + line.day)
            }
        }
        print("lines \(counts.lines) good \(good) bad \(counts.bad) checksum \(checksum)")
    }
}
