import Foundation
import QuenchRuntime
import ZeroMQ

/// CURVE keys for security tests: a service key pair, named client key pairs and the
/// service's allow-list, as files in a test folder (secrets mode 0600).
final class SecurityKeys: @unchecked Sendable {
    let folder: URL
    let server: CurveKeyPair
    private(set) var clients: [String: CurveKeyPair] = [:]

    init(_ folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        server = try CurveKeyPair.generate()
        try KeyFiles.write(server, base: folder.appendingPathComponent("service").path)
        try writeAllowList([:])
    }

    var secretKeyFile: String { folder.appendingPathComponent("service.secret").path }
    var allowListFile: String { folder.appendingPathComponent("allow.json").path }

    /// Service arguments that turn CURVE on with these keys.
    var serviceArguments: [String] {
        ["--curve-secret-key-file", secretKeyFile, "--curve-allow-list-file", allowListFile]
    }

    /// A key pair for `name` (made on first use; not admitted until `admit`).
    func key(_ name: String) throws -> CurveKeyPair {
        if let pair = clients[name] { return pair }
        let pair = try CurveKeyPair.generate()
        clients[name] = pair
        return pair
    }

    /// Rewrites the allow-list to admit exactly these principals, keyed by client name.
    func writeAllowList(_ principals: [String: String]) throws {
        var list = AllowList()
        for (name, principal) in principals.sorted(by: { $0.key < $1.key }) {
            list.clients.append(AllowList.Client(publicKey: try key(name).publicKey, principal: principal))
        }
        try list.write(to: allowListFile)
    }

    /// Client options authenticating as `name` against this service.
    func options(_ name: String, user: String? = nil, attemptTimeout: Duration = .seconds(2), attempts: Int = 1) throws -> RPCClientOptions {
        let pair = try key(name)
        return RPCClientOptions(
            attemptTimeout: attemptTimeout, attempts: attempts, timeZone: "UTC", user: user,
            curve: CurveClientCredentials(publicKey: pair.publicKey, secretKey: pair.secretKey, serverPublicKey: server.publicKey))
    }
}
