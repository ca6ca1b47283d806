import QuenchProtocol
import QuenchRuntime

/// A bearer secret (``BearerSecret``: API token, session, sign-in link) with its SHA-256,
/// the only thing stored. Its public `id` is the first 12 hex digits of that hash: rows are
/// found by id, then the whole hash is compared in constant time, so neither the lookup nor
/// the comparison reveals anything of the secret by its timing.
struct Secret: Sendable, Equatable {
    typealias Kind = BearerSecret.Kind

    let text: String
    let hash: [UInt8]

    /// The 12-hex-digit public id.
    var id: String { Self.id(of: hash) }

    /// A new random secret of `kind`.
    static func generate(_ kind: Kind) -> Secret {
        let text = BearerSecret.generate(kind)
        return Secret(text: text, hash: SHA256.hash(Array(text.utf8)))
    }

    /// The secret `text` when it has the form of a `kind`, else nil (no lookup is made for
    /// text that cannot be one).
    static func parse(_ text: String, as kind: Kind) -> Secret? {
        guard BearerSecret.isWellFormed(text, as: kind) else { return nil }
        return Secret(text: text, hash: SHA256.hash(Array(text.utf8)))
    }

    static func id(of hash: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in hash.prefix(6) {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Equal in time that depends only on the lengths.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
