import ArgumentParser

/// `quench keys init|add-user|list|revoke`
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create CURVE keys and manage who each service admits.",
        discussion: HelpText.reflow("""
            Keys and allow-lists live under DIR/keys (DIR: --data-dir, default ./.quench). Running
            services re-read their allow-lists within a second (or at once on SIGHUP), so adding and
            revoking take effect without a restart.

            Examples:
              quench keys init
              quench keys add-user ana          writes .quench/users/ana/client.json
              QUENCH_CONFIG=.quench/users/ana/client.json quench today
              quench keys list
              quench keys revoke ana            or a public key, or service:analytics
            """),
        subcommands: [KeysInit.self, KeysAddUser.self, KeysList.self, KeysRevoke.self])
}

/// Options every `keys` subcommand takes.
struct KeysOptions: ParsableArguments {
    @Option(help: "The deployment's folder (as for `quench up`).")
    var dataDir = ".quench"

    @OptionGroup var language: LanguageOption

    @Flag(help: "Machine output.")
    var json = false
}
