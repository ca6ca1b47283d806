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
            throw ConfigError(key: key, message: "names a file that cannot be read: \(path) (\(String(cString: strerror(errno))))")
        }
        guard info.st_mode & 0o077 == 0 else {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw ConfigError(key: key, message: "names the secret key file \(path) with mode \(mode); it must be 0600 or stricter (chmod 600 \(path))")
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw ConfigError(key: key, message: "names a file that cannot be read: \(path)")
        }
        guard text.utf8.count == 40, let publicKey = try? CurveKeyPair.publicKey(forSecretKey: text) else {
            throw ConfigError(key: key, message: "names \(path), which does not hold a 40-character Z85 secret key")
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
