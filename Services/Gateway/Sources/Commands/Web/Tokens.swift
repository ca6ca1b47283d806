import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench tokens create USER [--name N] [--for JOB | --scope S,…]`, `quench tokens list [USER]`,
/// `quench tokens revoke ID`
struct Tokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "API tokens for the web edge (quench-web): scripts, Shortcuts, Home Assistant, browser sign-in.",
        discussion: HelpText.reflow("""
            A token acts for one user on the HTTP API (Authorization: Bearer TOKEN). It is
            printed once: quench-web keeps only its SHA-256. Operator only.

            Its scopes say what it may do: ingest (health data in: Health Auto Export, weights),
            log (drinks), read (every read), account (everything: the goal, consents, erasing the
            account, signing a browser in). Without --scope or --for a token has account. Give
            an app the narrowest token for its job: --for health-auto-export (ingest), log-drinks
            (log), read-only (read), full (account).

            Examples:
              quench tokens create ana --for health-auto-export --name iPhone
              quench tokens create ana --scope log,read --name Shortcuts
              quench tokens create ana --name browser
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

        @Option(help: "A label to tell tokens apart (at most 64 characters), e.g. iPhone (default: the --for job, else token).")
        var name: String?

        @Option(name: .customLong("for"), help: "The job it is for, for the narrowest token: health-auto-export, log-drinks, read-only or full.")
        var purpose: String?

        @Option(help: "What it may do, comma-separated: ingest, log, read, account (default account, everything).")
        var scope: String?

        func validate() throws {
            if purpose != nil, scope != nil { throw ValidationError(tr(TokensText.scopeAndPurpose)) }
            _ = try scopes()
        }

        /// What `--for` or `--scope` asks for; nil for the default (`account`).
        func scopes() throws -> [TokenScope]? {
            if let purpose {
                guard let job = TokenPurpose(rawValue: purpose) else { throw ValidationError(tr(TokensText.purposeUnknown(String(purpose.prefix(64))))) }
                return job.scopes
            }
            guard let scope else { return nil }
            guard let scopes = TokenScope.list(scope) else { throw ValidationError(tr(TokensText.scopeUnknown(String(scope.prefix(64))))) }
            return scopes
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let user = try user.id(source: "USER")
                let token = BearerSecret.generate(.token)
                let info: TokenInfo = try await gateway.call(
                    .tokensCreate, CreateTokenRequest(token: token, name: name ?? purpose, scopes: try scopes()), actingFor: .named(user))
                struct Created: Encodable {
                    var token: String
                    var info: TokenInfo
                }
                try output.emit(Created(token: token, info: info)) {
                    let scopes = info.scopes.covers(.account) ? tr(TokensText.fullScopeHint) : tr(TokensText.scoped(Tokens.scopes(info.scopes)))
                    return "\(token)\n" + tr(TokensText.created(id: info.id, name: info.name, user: info.user)) + "\n" + scopes
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
                        return tr(TokensText.line(
                            id: token.id, user: token.user, name: token.name, scopes: Tokens.scopes(token.scopes), created: Tokens.format(token.createdAt),
                            used: used))
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

    /// `ingest,log` (the wire's names, as `--scope` takes them).
    static func scopes(_ scopes: [TokenScope]) -> String {
        scopes.map(\.rawValue).joined(separator: ",")
    }

    static func format(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false))
    }
}
