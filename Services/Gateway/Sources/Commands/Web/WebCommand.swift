import ArgumentParser
import Foundation
import QuenchClient
import QuenchProtocol
import QuenchStrings

/// `quench web open [USER] [--minutes N]`
struct WebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "web",
        abstract: "The web dashboard (quench-web).",
        subcommands: [Open.self],
        defaultSubcommand: Open.self)

    struct Open: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a one-time sign-in link for the dashboard.",
            discussion: HelpText.reflow("""
                The link signs one browser in as USER (default: the user you act for) and works
                once, within --minutes. Operator only. The address is the web entry's `http` in
                the client config (default http://127.0.0.1:8080).
                Example: quench web open ana
                """))

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The user to sign in (default: --user, $QUENCH_USER, your key's user).")
        var user: UserArgument?

        @Option(help: "How long the link works, in minutes (1 to 1440, default 10).")
        var minutes = 10

        func validate() throws {
            guard (1...1440).contains(minutes) else { throw ValidationError(tr(TokensText.minutesRange(minutes))) }
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let user = try user?.id(source: "USER") ?? gateway.requireUser()
                let link = BearerSecret.generate(.link)
                let info: SignInLinkInfo = try await gateway.call(
                    .tokensLink, CreateSignInLinkRequest(link: link, ttlSeconds: minutes * 60), actingFor: .named(user))
                let base = gateway.config.services[ServiceName.web]?.http ?? "http://127.0.0.1:\(ServiceCatalog.web.httpPort ?? 8080)"
                let url = base.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/sign-in/link?code=" + link
                struct Opened: Encodable {
                    var url: String
                    var info: SignInLinkInfo
                }
                try output.emit(Opened(url: url, info: info)) {
                    "\(url)\n" + tr(TokensText.linkSignsIn(user: info.user, until: Tokens.format(info.expiresAt)))
                }
            }
        }
    }
}
