import ArgumentParser
import Foundation
import QuenchClient
import QuenchStrings

/// `quench keys list`
struct KeysList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Every admitted key, its principal and the services admitting it.")

    @OptionGroup var options: KeysOptions

    func run() async throws {
        let output = Output(json: options.json)
        do {
            let store = KeyStore(root: LocalDeployment(dataDir: options.dataDir).root)
            struct Entry: Encodable {
                var principal: String
                var publicKey: String
                var services: [String]
            }
            struct Result: Encodable {
                var keys: [Entry]
            }
            let entries = try store.entries().map { Entry(principal: $0.client.principal, publicKey: $0.client.publicKey, services: $0.services) }
            try output.emit(Result(keys: entries)) {
                var table = Table(columns(SetupText.keysHeaders), alignments: [.left, .left, .left], whole: [1])
                for entry in entries {
                    table.add([entry.principal, entry.publicKey, entry.services.joined(separator: ", ")])
                }
                return entries.isEmpty ? tr(SetupText.noKeys) : table.render(style: output.style)
            }
        } catch {
            throw output.fail(error)
        }
    }
}
