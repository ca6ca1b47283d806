public import ArgumentParser
import QuenchStrings

/// Options every command takes.
public struct GlobalOptions: ParsableArguments {
    @Flag(name: .long, help: "Machine output: one JSON document on stdout (errors as JSON on stderr).")
    public var json = false

    @Option(name: .long, help: "The user to act for (default: $QUENCH_USER, then the user bound to your key).")
    public var user: UserArgument?

    @Option(name: .long, help: ArgumentHelp("Your IANA time zone, e.g. Europe/Berlin (default: the system's).", valueName: "IANA"))
    public var tz: ZoneArgument?

    @Option(name: .long, help: ArgumentHelp("Client config (default: $QUENCH_CONFIG, then .quench/client.json here or in a parent folder).", valueName: "PATH"))
    public var config: String?

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for a reply before retrying (3 attempts in all; 0.1 to 600, default 3). A service that accepts no connection is reported down after 0.8 s.", valueName: "SECONDS"))
    public var timeout: TimeoutArgument?

    @Option(name: .long, help: ArgumentHelp("The language: en, de, fr or pseudo (default: LC_ALL, LC_MESSAGES, LANG, then English). Help text stays English.", valueName: "LANG"))
    public var lang: String?

    public init() {}

    public func validate() throws {
        if let refusal = timeout?.refusal {
            throw ValidationError(refusal)
        }
        if let lang, Language(tag: lang) == nil {
            throw ValidationError(tr(CommonText.unknownLanguage(lang)))
        }
    }
}
