import Foundation
import NIOSSL
import QuenchStrings

/// A PEM file of CA certificates that a challenges feed's HTTPS certificate may chain to, in
/// addition to the system's trust roots (a feed behind a private CA). Named by `--ca-file`,
/// else `$QUENCH_CHALLENGES_CA_FILE`, else `challengesCAFile` in the client config; errors
/// name the one it came from.
struct ChallengeFeedCA: Equatable {
    /// Where the path came from, as an error names it: `--ca-file`, the variable or the config key.
    let field: String
    let path: String

    static let option = "--ca-file"
    static let environmentVariable = "QUENCH_CHALLENGES_CA_FILE"
    static let configKey = "challengesCAFile"
    /// The largest CA file read (Debian's whole bundle of ~140 roots is 220 KB).
    static let maxBytes = 1 << 20

    /// `--ca-file`, else `$QUENCH_CHALLENGES_CA_FILE`, else the client config's
    /// `challengesCAFile` (a relative path there is relative to the config file's folder);
    /// nil when none names one (the system's trust roots alone).
    static func resolve(argument: String?, environment: [String: String], config: String?, configPath: String?) -> ChallengeFeedCA? {
        if let argument { return ChallengeFeedCA(field: option, path: argument) }
        if let variable = environment[environmentVariable], !variable.isEmpty {
            return ChallengeFeedCA(field: environmentVariable, path: variable)
        }
        guard let config, !config.isEmpty else { return nil }
        guard !config.hasPrefix("/"), let configPath else { return ChallengeFeedCA(field: configKey, path: config) }
        let folder = URL(fileURLWithPath: configPath).deletingLastPathComponent()
        return ChallengeFeedCA(field: configKey, path: folder.appendingPathComponent(config).path)
    }

    /// The certificates of the file; a file that is missing, unreadable, too large or holds
    /// no PEM certificate is a usage error naming ``field`` (exit 64).
    func certificates() throws -> [NIOSSLCertificate] {
        let shown = String(path.prefix(200))
        func refuse(_ text: ChallengeSyncText) -> CLIError { .invalid(field: field, message: tr(text)) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw refuse(.caFileUnreadable(path: shown, reason: tr(SystemErrorText(errno: ENOENT))))
        }
        guard !isFolder.boolValue else { throw refuse(.caFileUnreadable(path: shown, reason: tr(SystemErrorText(errno: EISDIR)))) }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: Self.maxBytes + 1) ?? Data()
        } catch {
            throw refuse(.caFileUnreadable(path: shown, reason: diagnostic(error)))
        }
        guard data.count <= Self.maxBytes else { throw refuse(.caFileTooLarge(path: shown, limit: Self.maxBytes)) }
        guard let certificates = try? NIOSSLCertificate.fromPEMBytes(Array(data)), !certificates.isEmpty else {
            throw refuse(.caFileNotPEM(path: shown))
        }
        return certificates
    }
}
