import Glibc

/// What to run: an executable (a path; no PATH search), its arguments, environment,
/// working directory and standard streams. `spawn()` starts it on `posix_spawn`.
///
/// The child gets only descriptors 0, 1 and 2 (everything else is closed in the child),
/// an empty signal mask and default signal dispositions.
public struct ChildCommand: Sendable {
    public var executable: String
    /// The arguments after argv[0] (which is `executable`).
    public var arguments: [String]
    /// The whole environment; nil passes this process's own.
    public var environment: [String: String]?
    /// Where the child starts; nil keeps this process's.
    public var workingDirectory: String?
    public var standardInput: ChildIO
    public var standardOutput: ChildIO
    public var standardError: ChildIO
    /// Puts the child in a new process group of its own (its pid is the group id).
    public var newProcessGroup: Bool

    public init(
        _ executable: String,
        arguments: [String] = [],
        environment: [String: String]? = nil,
        workingDirectory: String? = nil,
        standardInput: ChildIO = .inherit,
        standardOutput: ChildIO = .inherit,
        standardError: ChildIO = .inherit,
        newProcessGroup: Bool = false
    ) {
        self.executable = executable
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.newProcessGroup = newProcessGroup
    }

    /// Starts the child.
    public func spawn() throws(SpawnError) -> Child {
        try Spawner(command: self).spawn()
    }

    /// Starts the child with standard output and error as pipes (unless set to something
    /// else than `.inherit`), writes `input` to its standard input (a pipe when given),
    /// reads both outputs to their end and waits for the exit.
    public func run(input: [UInt8]? = nil) throws(SpawnError) -> ChildOutput {
        var command = self
        if input != nil { command.standardInput = .pipe }
        if command.standardOutput == .inherit { command.standardOutput = .pipe }
        if command.standardError == .inherit { command.standardError = .pipe }
        let child = try command.spawn()
        let (output, error) = child.collectOutput(input: input)
        return ChildOutput(termination: child.wait(), standardOutput: output, standardError: error)
    }
}

/// A finished child's exit and captured output.
public struct ChildOutput: Sendable {
    public var termination: ChildTermination
    public var standardOutput: [UInt8]
    public var standardError: [UInt8]
    /// The exit code, or the signal number.
    public var status: Int32 { termination.status }
    public var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
    public var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }
}
