import Configuration
public import ZeroMQ

/// How a service secures its sockets, from configuration:
///
/// - `insecure` (default false): no CURVE, every caller is `.insecure`; refused unless
///   every bound endpoint is loopback.
/// - `curve.secret.key.file`: the service's Z85 secret key (mode 0600 or stricter); its
///   public key is derived from it.
/// - `curve.allow.list.file`: the client keys admitted and their principals (`AllowList`),
///   re-read on SIGHUP and when its modification time changes.
/// - `curve.client.key.file`: the secret key this service uses as a client of its
///   upstreams (default: its own key).
/// - `upstream.<name>.public.key`: each upstream's server public key (see `upstream(_:)`).
public struct SecurityConfig: Sendable {
    public var insecure: Bool
    /// The service's own key pair (nil when insecure).
    public var serverKeys: CurveKeyPair?
    /// The key pair used towards upstreams (nil when insecure).
    public var clientKeys: CurveKeyPair?
    /// The allow-list file (nil when insecure).
    public var allowListFile: String?

    /// An insecure configuration (tests and loopback development).
    public static let insecure = SecurityConfig(insecure: true, serverKeys: nil, clientKeys: nil, allowListFile: nil)

    public init(insecure: Bool, serverKeys: CurveKeyPair?, clientKeys: CurveKeyPair?, allowListFile: String?) {
        self.insecure = insecure
        self.serverKeys = serverKeys
        self.clientKeys = clientKeys
        self.allowListFile = allowListFile
    }

    init(reader: ConfigReader) throws {
        insecure = reader.bool(forKey: "insecure", default: false)
        guard !insecure else {
            serverKeys = nil
            clientKeys = nil
            allowListFile = nil
            return
        }
        let hint = "unless the service runs --insecure (loopback only); `quench keys init` creates keys"
        guard let secretFile = reader.string(forKey: "curve.secret.key.file"), !secretFile.isEmpty else {
            throw ConfigError(key: "curve.secret.key.file", message: "is required \(hint)")
        }
        guard let allowList = reader.string(forKey: "curve.allow.list.file"), !allowList.isEmpty else {
            throw ConfigError(key: "curve.allow.list.file", message: "is required \(hint)")
        }
        let own = try KeyFiles.loadSecret(secretFile, key: "curve.secret.key.file")
        serverKeys = own
        if let clientFile = reader.string(forKey: "curve.client.key.file"), !clientFile.isEmpty, clientFile != secretFile {
            clientKeys = try KeyFiles.loadSecret(clientFile, key: "curve.client.key.file")
        } else {
            clientKeys = own
        }
        allowListFile = allowList
        _ = try AllowList.load(path: allowList)
    }
}
