import Foundation
import HealthImport

/// Generated inputs, kept in `<work>/data` and reused while present (same seed, same bytes).
enum DataFiles {
    static func appleHealth(_ bench: BenchRun, records: Int) throws -> String {
        let path = "\(try folder(bench))/export-\(records).xml"
        if !FileManager.default.fileExists(atPath: path) {
            _ = try AppleHealthExportGenerator.write(records: records, to: path + ".partial", seed: 42)
            try FileManager.default.moveItem(atPath: path + ".partial", toPath: path)
        }
        return path
    }

    static func workouts(_ bench: BenchRun, lines: Int) throws -> String {
        let path = "\(try folder(bench))/workouts-\(lines).csv"
        if !FileManager.default.fileExists(atPath: path) {
            _ = try WorkoutLogGenerator.write(lines: lines, to: path + ".partial", seed: 42)
            try FileManager.default.moveItem(atPath: path + ".partial", toPath: path)
        }
        return path
    }

    private static func folder(_ bench: BenchRun) throws -> String {
        let folder = bench.options.work + "/data"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }
}
