import ChildProcess
public import Foundation

/// The real data sets beside the repository (`../shared/real-data/`, or `$QUENCH_REAL_DATA`),
/// never copied into it, and the independent expectations computed from them.
public enum RealData {
    /// The repository's root folder.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The real-data folder, nil when absent.
    public static var folder: URL? {
        let environment = ProcessInfo.processInfo.environment
        let candidates: [String?] = [environment["QUENCH_REAL_DATA"], repositoryRoot.appendingPathComponent("../shared/real-data").path]
        for case let path? in candidates where FileManager.default.fileExists(atPath: path) {
            return URL(fileURLWithPath: path).standardizedFileURL
        }
        return nil
    }

    /// Whether tests on the real data run: when it is there, and always under `CI=true` (where
    /// its absence must fail them, not skip them).
    public static var shouldRun: Bool {
        folder != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// Whether tests on the data set `name` (e.g. `apple-health`) run: when its folder is there
    /// (a real-data folder holding only other sets skips these, rather than failing them on
    /// missing files), and always under `CI=true`.
    public static func shouldRun(_ name: String) -> Bool {
        dataset(name) != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// The data set's folder, nil when it (or the whole real-data folder) is absent.
    static func dataset(_ name: String) -> URL? {
        guard let url = folder?.appendingPathComponent(name) else { return nil }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue ? url : nil
    }

    /// The real-data folder `name` (e.g. `apple-health`); throws, saying which, when it is
    /// absent (only reached when ``shouldRun(_:)``, i.e. under `CI=true`).
    public static func require(_ name: String) throws -> URL {
        guard let folder else {
            throw RealDataMissing(description: "the real data (../shared/real-data or $QUENCH_REAL_DATA) is absent and CI=true")
        }
        guard let set = dataset(name) else {
            throw RealDataMissing(description: "the real data set \(name) is absent from \(folder.path) and CI=true")
        }
        return set
    }

    /// Runs `python3 Tests/python/SCRIPT ARGUMENTS` and parses its stdout as one JSON object.
    public static func python(_ script: String, _ arguments: [String]) throws -> [String: Any] {
        let result = try ChildCommand(
            "/usr/bin/env", arguments: ["python3", repositoryRoot.appendingPathComponent("Tests/python/\(script)").path] + arguments
        ).run()
        guard result.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any]
        else {
            throw RealDataMissing(description: "\(script) \(arguments) failed (\(result.status)): \(result.standardErrorText)")
        }
        return object
    }
}

/// A real data set or its expectation could not be had.
public struct RealDataMissing: Error, CustomStringConvertible {
    public var description: String
}
