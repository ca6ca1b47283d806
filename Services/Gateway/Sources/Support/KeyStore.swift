import Foundation
import QuenchProtocol
import QuenchClient
import ZeroMQ
import QuenchStrings

/// The CURVE keys and allow-lists of a local deployment, under its data folder:
///
/// ```
/// DIR/keys/services/<service>.secret|.public   each service's key pair (also its client key)
/// DIR/keys/admin.secret|.public                the operator's key (principal `admin`)
/// DIR/keys/users/<id>.secret|.public           user keys (principal `user:<id>`)
/// DIR/keys/allow/<service>.json                each service's allow-list
/// DIR/users/<id>/client.json                   a user's client config
/// ```
/// Secret files are mode 0600 and the `keys` folder 0700.
struct KeyStore {
    let root: URL

    init(root: URL) {
        self.root = root
    }

    var keysFolder: URL { root.appendingPathComponent("keys") }
    func serviceKeyBase(_ service: String) -> String { keysFolder.appendingPathComponent("services/\(service)").path }
    var adminKeyBase: String { keysFolder.appendingPathComponent("admin").path }
    func userKeyBase(_ id: String) -> String { keysFolder.appendingPathComponent("users/\(id)").path }
    func allowListPath(_ service: String) -> String { keysFolder.appendingPathComponent("allow/\(service).json").path }
    func userClientConfigPath(_ id: String) -> String { root.appendingPathComponent("users/\(id)/client.json").path }

    /// Creates whatever is missing: service and admin key pairs and allow-lists admitting the
    /// admin and each service's subscribers. Existing keys and entries are kept. Returns what
    /// it created.
    @discardableResult
    func initialize() throws -> [String] {
        var created: [String] = []
        for folder in ["services", "users", "allow"] {
            try FileManager.default.createDirectory(at: keysFolder.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: keysFolder.path)
        for service in LocalDeployment.services where try ensurePair(serviceKeyBase(service)) {
            created.append("service:\(service)")
        }
        if try ensurePair(adminKeyBase) { created.append("admin") }
        let admin = try publicKey(adminKeyBase)
        for service in LocalDeployment.services {
            var list = try allowList(service)
            var wanted = [AllowList.Client(publicKey: admin, principal: "admin")]
            for downstream in ServiceCatalog.clients(of: service) {
                wanted.append(AllowList.Client(publicKey: try publicKey(serviceKeyBase(downstream)), principal: "service:\(downstream)"))
            }
            for entry in wanted where !list.clients.contains(entry) {
                list.clients.append(entry)
            }
            try list.write(to: allowListPath(service))
        }
        return created
    }

    /// A new user key admitted by every service; returns its key pair.
    func addUser(_ id: String) throws -> CurveKeyPair {
        guard UserIDRule.isValid(id) else {
            throw CLIError.usage(tr(SetupText.userRule(rule: tr(SetupText.userIDRule), got: UserIDRule.shown(id))))
        }
        guard !FileManager.default.fileExists(atPath: userKeyBase(id) + ".secret") else {
            throw CLIError.usage(tr(SetupText.alreadyHasKey(user: id, file: userKeyBase(id) + ".public")))
        }
        let pair = try CurveKeyPair.generate()
        try KeyFiles.write(pair, base: userKeyBase(id))
        try admit(AllowList.Client(publicKey: pair.publicKey, principal: "user:\(id)"))
        return pair
    }

    /// Adds an entry to every service's allow-list (running services pick it up within a second).
    func admit(_ client: AllowList.Client) throws {
        for service in LocalDeployment.services {
            var list = try allowList(service)
            if !list.clients.contains(client) { list.clients.append(client) }
            try list.write(to: allowListPath(service))
        }
    }

    /// Removes every entry whose public key or principal is `target` (a bare id means
    /// `user:<id>`) from every allow-list; returns the entries removed.
    func revoke(_ target: String) throws -> [AllowList.Client] {
        let principal = Principal(transport: target) != nil ? target : "user:\(target)"
        var removed: [AllowList.Client] = []
        for service in LocalDeployment.services {
            var list = try allowList(service)
            let matching = list.clients.filter { $0.publicKey == target || $0.principal == principal }
            guard !matching.isEmpty else { continue }
            list.clients.removeAll { $0.publicKey == target || $0.principal == principal }
            try list.write(to: allowListPath(service))
            for entry in matching where !removed.contains(entry) { removed.append(entry) }
        }
        return removed
    }

    /// Every admitted key with the services admitting it.
    func entries() throws -> [(client: AllowList.Client, services: [String])] {
        var result: [(client: AllowList.Client, services: [String])] = []
        for service in LocalDeployment.services {
            for client in try allowList(service).clients {
                if let index = result.firstIndex(where: { $0.client == client }) {
                    result[index].services.append(service)
                } else {
                    result.append((client, [service]))
                }
            }
        }
        return result
    }

    func allowList(_ service: String) throws -> AllowList {
        let path = allowListPath(service)
        guard FileManager.default.fileExists(atPath: path) else { return AllowList() }
        do {
            return try AllowList.load(path: path)
        } catch {
            throw CLIError.io(diagnostic(error))
        }
    }

    func publicKey(_ base: String) throws -> String {
        do {
            return try KeyFiles.loadSecret(base + ".secret", key: "secret key file").publicKey
        } catch {
            throw CLIError.io(diagnostic(error))
        }
    }

    var hasKeys: Bool {
        FileManager.default.fileExists(atPath: adminKeyBase + ".secret")
    }

    /// Generates `<base>.secret`/`.public` unless the secret exists; returns whether it did.
    private func ensurePair(_ base: String) throws -> Bool {
        guard !FileManager.default.fileExists(atPath: base + ".secret") else { return false }
        try KeyFiles.write(try CurveKeyPair.generate(), base: base)
        return true
    }
}
