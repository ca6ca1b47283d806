import QuenchStrings
import Foundation
public import ZeroMQ
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing CURVE key files: one Z85 key on one line. Secret key files must not
/// be readable or writable by group or others (mode 0600 or stricter).
public enum KeyFiles {
    /// Reads a secret key file, refusing one with loose permissions, and derives its public key.
    public static func loadSecret(_ path: String, key: String) throws -> CurveKeyPair {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ConfigError(key: key, .fileUnreadable(path: path, SystemErrorText(errno: errno)))
        }
        guard info.st_mode & 0o077 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw ConfigError(key: key, .secretKeyMode(path: path, mode: mode))
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw ConfigError(key: key, .fileUnreadable(path: path, nil))
        }
        guard text.utf8.count == 40, let publicKey = try? CurveKeyPair.publicKey(forSecretKey: text) else {
            throw ConfigError(key: key, .notASecretKey(path: path))
        }
        return CurveKeyPair(publicKey: publicKey, secretKey: text)
    }

    /// Writes a key pair as `<base>.secret` (mode 0600) and `<base>.public`.
    public static func write(_ pair: CurveKeyPair, base: String) throws {
        let secret = base + ".secret"
        guard FileManager.default.createFile(atPath: secret, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: secret])
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret)
        try Data((pair.secretKey + "\n").utf8).write(to: URL(fileURLWithPath: secret))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: secret)
        try Data((pair.publicKey + "\n").utf8).write(to: URL(fileURLWithPath: base + ".public"), options: .atomic)
    }
}
