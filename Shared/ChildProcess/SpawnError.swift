import Glibc

/// A child could not be started: names the executable (and working directory, if any)
/// and the system's reason.
public struct SpawnError: Error, Sendable, CustomStringConvertible {
    public let executable: String
    public let workingDirectory: String?
    /// The `errno` value (from `posix_spawn`, `pipe2`, …).
    public let code: Int32
    public let step: String

    /// The system's reason alone ("No such file or directory").
    public var reason: String { String(cString: strerror(code)) }

    public var description: String {
        let place = workingDirectory.map { " in \($0)" } ?? ""
        return "cannot run \(executable)\(place): \(step): \(reason)"
    }
}
