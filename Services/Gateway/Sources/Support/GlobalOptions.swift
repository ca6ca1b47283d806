public import ArgumentParser

/// Options every command takes.
public struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Machine output: one JSON document on stdout (errors as JSON on stderr).")
    public var json = false

    @Option(name: .long, help: "The user to act for (default: $QUENCH_USER, then the user bound to your key).")
    public var user: String?

    @Option(name: .long, help: ArgumentHelp("Your IANA time zone, e.g. Europe/Berlin (default: the system's).", valueName: "IANA"))
    public var tz: String?

    @Option(name: .long, help: ArgumentHelp("Client config (default: $QUENCH_CONFIG, then .quench/client.json here or in a parent folder).", valueName: "PATH"))
    public var config: String?

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for a reply before retrying (3 attempts in all; 0.1 to 600, default 3). A service that accepts no connection is reported down after 0.8 s.", valueName: "SECONDS"))
    public var timeout: Double?

    public init() {}

    /// `--timeout`'s range in seconds, both ends included.
    public static let timeoutRange: ClosedRange<Double> = 0.1...600

    public func validate() throws {
        if let timeout, !Self.timeoutRange.contains(timeout) {
            throw ValidationError(
                "--timeout must be at least \(Self.timeoutRange.lowerBound) and at most \(Int(Self.timeoutRange.upperBound)) seconds, got \(timeout.isFinite && timeout == timeout.rounded() && abs(timeout) < 1e15 ? String(Int64(timeout)) : String(timeout))")
        }
    }
}
