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

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for a reply before retrying (3 attempts in all).", valueName: "SECONDS"))
    public var timeout: Double?

    public init() {}

    public func validate() throws {
        if let timeout, !(timeout > 0 && timeout <= 600) {
            throw ValidationError("--timeout must be between 0 and 600 seconds, got \(timeout)")
        }
    }
}
