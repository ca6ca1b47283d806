import QuenchStrings
import Foundation
import ZeroMQ

/// The CURVE client keys a service admits, each bound to the principal it authenticates as.
///
/// File format (`curve.allow.list.file`):
/// ```json
/// {"clients": [{"publicKey": "<40-char Z85>", "principal": "user:ana"},
///              {"publicKey": "…", "principal": "service:analytics"},
///              {"publicKey": "…", "principal": "admin"}]}
/// ```
public struct AllowList: Sendable, Equatable, Codable {
    public struct Client: Sendable, Equatable, Codable {
        public var publicKey: String
        public var principal: String

        public init(publicKey: String, principal: String) {
            self.publicKey = publicKey
            self.principal = principal
        }
    }

    public var clients: [Client]

    public init(clients: [Client] = []) {
        self.clients = clients
    }

    /// The principal a Z85 public key authenticates as, if admitted.
    public func principal(for publicKey: String) -> Principal? {
        clients.first { $0.publicKey == publicKey }.flatMap { Principal(transport: $0.principal) }
    }

    /// At most this many entries, and files at most 4 MiB.
    public static let maxEntries = 100_000

    /// Reads and checks a file; every entry must have a valid key and principal.
    public static func load(path: String) throws -> AllowList {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigError(key: "curve.allow.list.file", .allowListUnreadable(path: path, SystemErrorText(error)))
        }
        guard data.count <= 4 << 20 else {
            throw ConfigError(key: "curve.allow.list.file", .allowListTooLarge(path: path))
        }
        let list: AllowList
        do {
            list = try JSONDecoder().decode(AllowList.self, from: data)
        } catch {
            throw ConfigError(key: "curve.allow.list.file", .allowListInvalid(path: path, detail: "\(error)"))
        }
        try list.validate(path: path)
        return list
    }

    func validate(path: String) throws {
        guard clients.count <= Self.maxEntries else {
            throw ConfigError(key: "curve.allow.list.file", .allowListTooMany(path: path, max: Self.maxEntries))
        }
        for (index, client) in clients.enumerated() {
            guard client.publicKey.utf8.count == 40, Z85.decode(client.publicKey)?.count == 32 else {
                throw ConfigError(key: "curve.allow.list.file", .allowListBadKey(path: path, entry: index))
            }
            guard Principal(transport: client.principal) != nil else {
                throw ConfigError(key: "curve.allow.list.file", .allowListBadPrincipal(path: path, entry: index, got: client.principal))
            }
        }
    }

    /// Writes the file atomically with mode 0600.
    public func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    }
}
