import ArgumentParser
import Foundation
import QuenchStrings

/// `quench keys init [--data-dir DIR]`
struct KeysInit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the service keys, the operator's admin key and the allow-lists (what is missing).",
        discussion: "`quench up` does this on its first run. Existing keys are kept.")

    @OptionGroup var options: KeysOptions

    func run() async throws {
        let output = Output(json: options.json)
        do {
            let deployment = LocalDeployment(dataDir: options.dataDir)
            let store = KeyStore(root: deployment.root)
            let created = try store.initialize()
            struct Result: Encodable {
                var keys: String
                var created: [String]
            }
            try output.emit(Result(keys: store.keysFolder.path, created: created)) {
                created.isEmpty
                    ? tr(SetupText.everyKeyExists(folder: store.keysFolder.path))
                    : tr(SetupText.createdKeys(list: created.joined(separator: ", "), folder: store.keysFolder.path))
            }
        } catch {
            throw output.fail(error)
        }
    }
}
