import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchClient
import ZeroMQ
import QuenchStrings

/// `quench keys add-user ID`
struct KeysAddUser: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-user",
        abstract: "Create a key for a user, admit it on every service, and write the user's client config.",
        discussion: HelpText.reflow("""
            The user's requests then act for that user only, and `quench subscribe` with its config
            receives only that user's events. Give DIR/users/ID/client.json and the secret key file
            it names to the user.
            """))

    @OptionGroup var options: KeysOptions

    @Argument(help: "The user id (letters, digits, '.', '_', '@', '-').")
    var id: String

    func run() async throws {
        let output = Output(json: options.json)
        do {
            let deployment = LocalDeployment(dataDir: options.dataDir)
            let store = KeyStore(root: deployment.root)
            if !store.hasKeys { try store.initialize() }
            let pair = try store.addUser(id)
            var client = FileManager.default.fileExists(atPath: deployment.clientConfigPath)
                ? try ClientConfig.load(path: deployment.clientConfigPath) : ClientConfig.loopbackDefaults
            for service in LocalDeployment.services {
                client.services[service]?.publicKey = try store.publicKey(store.serviceKeyBase(service))
            }
            client.insecure = false
            client.user = id
            client.principal = "user:\(id)"
            client.clientKey = ClientConfig.ClientKey(publicKey: pair.publicKey, secretKeyFile: store.userKeyBase(id) + ".secret")
            client.dataDir = nil
            let path = store.userClientConfigPath(id)
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            try client.write(to: path)
            struct Result: Encodable {
                var principal: String
                var publicKey: String
                var secretKeyFile: String
                var clientConfig: String
            }
            try output.emit(Result(
                principal: "user:\(id)", publicKey: pair.publicKey, secretKeyFile: store.userKeyBase(id) + ".secret", clientConfig: path)
            ) {
                tr(SetupText.admitted(principal: "user:\(id)", key: pair.publicKey, config: path))
            }
        } catch {
            throw output.fail(error)
        }
    }
}
