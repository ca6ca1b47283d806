import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchClient
import QuenchStrings

/// `quench keys revoke PUBLIC_KEY|PRINCIPAL`
struct KeysRevoke: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Remove a key from every allow-list (running services refuse it within a second).",
        discussion: "TARGET is a public key, a principal (user:ana, service:analytics, admin) or a bare user id.")

    @OptionGroup var options: KeysOptions

    @Argument(help: "A public key, a principal or a user id.")
    var target: String

    func run() async throws {
        let output = Output(json: options.json)
        do {
            let store = KeyStore(root: LocalDeployment(dataDir: options.dataDir).root)
            let removed = try store.revoke(target)
            guard !removed.isEmpty else {
                throw CLIError.rejected(service: "keys", error: QuenchError(.notFound, tr(SetupText.noAllowList(target))))
            }
            struct Entry: Encodable {
                var principal: String
                var publicKey: String
            }
            struct Result: Encodable {
                var revoked: [Entry]
            }
            let entries = removed.map { Entry(principal: $0.principal, publicKey: $0.publicKey) }
            try output.emit(Result(revoked: entries)) {
                entries.map { tr(SetupText.revoked(principal: $0.principal, key: $0.publicKey)) }.joined(separator: "\n")
            }
        } catch {
            throw output.fail(error)
        }
    }
}
