import Foundation
import QuenchProtocol
import QuenchClient
import QuenchStrings

/// The client side of a deployment: where each service listens and which keys to use.
/// `quench up` writes it to `<data-dir>/client.json`; commands find it the way git finds
/// `.git` (see `locate`).
struct ClientConfig: Codable, Sendable, Equatable {
    struct Endpoint: Codable, Sendable, Equatable {
        var rpc: String
        var pub: String
        /// The service's CURVE public key (Z85); absent for an insecure deployment.
        var publicKey: String?
        /// The per-user event stream (default: the `pub` port + 1).
        var userPub: String? = nil
        /// The web edge's address for browsers (`http://127.0.0.1:8080`, or the public
        /// https URL of its reverse proxy); only the `web` entry has one.
        var http: String? = nil

        /// `userPub`, else the `pub` endpoint with its port + 1.
        var userPubEndpoint: String {
            if let userPub { return userPub }
            guard let colon = pub.lastIndex(of: ":"), let port = Int(pub[pub.index(after: colon)...]) else { return pub }
            return "\(pub[..<colon]):\(port + 1)"
        }
    }

    struct ClientKey: Codable, Sendable, Equatable {
        var publicKey: String
        /// Path of the file holding the Z85 secret key (mode 0600).
        var secretKeyFile: String
    }

    var services: [String: Endpoint]
    /// True when the deployment runs without CURVE (loopback development only).
    var insecure: Bool
    /// The user bound to the client key, used when neither --user nor $QUENCH_USER is given.
    var user: String?
    var clientKey: ClientKey?
    /// Where `quench up` keeps data, logs and pid files.
    var dataDir: String?
    /// The principal the client key authenticates as (`admin`, `user:<id>`), written by `quench keys`.
    var principal: String? = nil
    /// The challenges feed `quench challenges sync` fetches when given no URL.
    var challengesURL: String? = nil
    /// A PEM file of CA certificates the feed's HTTPS certificate may chain to, besides the
    /// system's roots (`quench challenges sync --ca-file`); relative to this file's folder.
    var challengesCAFile: String? = nil

    /// The user id when this client authenticates as a user (its events come from the user stream).
    var userPrincipal: String? {
        guard !insecure, clientKey != nil else { return nil }
        if let principal {
            return principal.hasPrefix("user:") ? String(principal.dropFirst("user:".count)) : nil
        }
        return user
    }

    /// The CURVE credentials for talking to `service`, nil for an insecure deployment.
    func curveCredentials(for service: String) throws -> CurveClientCredentials? {
        guard !insecure, let serverKey = services[service]?.publicKey, let key = clientKey else { return nil }
        let secret: String
        do {
            secret = try String(contentsOfFile: key.secretKeyFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw CLIError.io(tr(SetupText.cannotReadSecretKey(file: key.secretKeyFile, reason: diagnostic(error))))
        }
        return CurveClientCredentials(publicKey: key.publicKey, secretKey: secret, serverPublicKey: serverKey)
    }

    /// Loopback defaults matching `quench up`.
    static var loopbackDefaults: ClientConfig {
        var services: [String: Endpoint] = [:]
        for entry in ServiceCatalog.all {
            services[entry.name] = Endpoint(
                rpc: entry.loopbackRPCEndpoint, pub: entry.loopbackPubEndpoint, userPub: entry.loopbackUserPubEndpoint,
                http: entry.httpPort.map { "http://127.0.0.1:\($0)" })
        }
        return ClientConfig(services: services, insecure: true, user: nil, clientKey: nil, dataDir: nil)
    }

    /// `--config PATH`, else `$QUENCH_CONFIG`, else `.quench/client.json` in this folder or the
    /// nearest parent that has one; nil when there is none.
    static func locate(explicit: String?, environment: [String: String]) -> String? {
        if let explicit { return explicit }
        if let fromEnvironment = environment["QUENCH_CONFIG"], !fromEnvironment.isEmpty { return fromEnvironment }
        var folder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while true {
            let candidate = folder.appendingPathComponent(".quench/client.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate.path }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    static func load(path: String) throws -> ClientConfig {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CLIError.usage(tr(SetupText.cannotReadConfig(path: path, reason: diagnostic(error))))
        }
        do {
            return try JSONDecoder().decode(ClientConfig.self, from: data)
        } catch {
            throw CLIError.usage(tr(SetupText.invalidConfig(path: path, reason: "\(error)")))
        }
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Environment overrides: `QUENCH_<SERVICE>_RPC` / `QUENCH_<SERVICE>_PUB`.
    func applyingEnvironment(_ environment: [String: String]) -> ClientConfig {
        var copy = self
        for name in ServiceName.all {
            let prefix = "QUENCH_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
            // A config without the web edge (written before it existed, or `quench up --no-web`)
            // gets it only when the environment names it.
            if name == ServiceName.web, copy.services[name] == nil, environment[prefix + "_RPC"] == nil { continue }
            var endpoint = copy.services[name] ?? ClientConfig.loopbackDefaults.services[name]!
            if let rpc = environment[prefix + "_RPC"] { endpoint.rpc = rpc }
            if let pub = environment[prefix + "_PUB"] { endpoint.pub = pub }
            copy.services[name] = endpoint
        }
        return copy
    }
}
