import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench tokens create USER [--name N]`, `quench tokens list [USER]`, `quench tokens revoke ID`
struct Tokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "API tokens for the web edge (quench-web): scripts, Shortcuts, Home Assistant, browser sign-in.",
        discussion: HelpText.reflow("""
            A token acts for one user on the HTTP API (Authorization: Bearer TOKEN) and signs a
            browser in. It is printed once: quench-web keeps only its SHA-256. Operator only.

            Examples:
              quench tokens create ana --name iPhone
              curl -H "Authorization: Bearer qt_…" http://127.0.0.1:8080/api/v1/today
              quench tokens list
              quench tokens revoke 3f9a0c2b71de
            """),
        subcommands: [Create.self, List.self, Revoke.self],
        defaultSubcommand: List.self)

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Make a token for USER and print it (once).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The user the token acts for.")
        var user: UserArgument

        @Option(help: "A label to tell tokens apart (at most 64 characters), e.g. iPhone.")
        var name: String?

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let user = try user.id(source: "USER")
                let token = BearerSecret.generate(.token)
                let info: TokenInfo = try await gateway.call(
                    .tokensCreate, CreateTokenRequest(token: token, name: name), actingFor: .named(user))
                struct Created: Encodable {
                    var token: String
                    var info: TokenInfo
                }
                try output.emit(Created(token: token, info: info)) {
                    "\(token)\n" + tr(TokensText.created(id: info.id, name: info.name, user: info.user))
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "The tokens (never the tokens themselves: their ids).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Only this user's tokens.")
        var user: UserArgument?

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let user = try user?.id(source: "USER")
                let reply: ListTokensReply = try await gateway.call(
                    .tokensList, ListTokensRequest(), requiresUser: false, actingFor: user.map { .named($0) } ?? .none)
                try output.emit(reply) {
                    guard !reply.tokens.isEmpty else { return tr(TokensText.noTokens) }
                    return reply.tokens.map { token in
                        let used = token.lastUsedAt.map { tr(TokensText.lastUsed(Tokens.format($0))) } ?? tr(TokensText.neverUsed)
                        return tr(TokensText.line(id: token.id, user: token.user, name: token.name, created: Tokens.format(token.createdAt), used: used))
                    }.joined(separator: "\n")
                }
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "End a token (and the browser sessions signed in with it).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The token's id (quench tokens list).")
        var id: String

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let info: TokenInfo = try await gateway.call(.tokensRevoke, RevokeTokenRequest(id: id), requiresUser: false, actingFor: .none)
                try output.emit(info) { tr(TokensText.revoked(id: info.id, name: info.name, user: info.user)) }
            }
        }
    }

    static func format(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
    }
}
