import Foundation

/// The form of the web edge's bearer secrets: a prefix naming the kind and 32 random bytes
/// in base64url without padding (43 characters, 256 bits). `quench tokens create` makes
/// them; the web service stores only their SHA-256.
public enum BearerSecret {
    public enum Kind: String, Sendable, CaseIterable {
        /// An API token (`Authorization: Bearer qt_…`).
        case token = "qt_"
        /// A browser session (the `quench_session` cookie).
        case session = "qs_"
        /// A one-time sign-in link.
        case link = "ql_"
    }

    /// The characters after the prefix.
    public static let bodyLength = 43

    /// A new secret of `kind` from the system's random source (`getrandom`).
    public static func generate(_ kind: Kind) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return kind.rawValue + base64
    }

    /// Whether `text` has the form of a `kind` secret (prefix + 43 base64url characters).
    public static func isWellFormed(_ text: String, as kind: Kind) -> Bool {
        guard text.utf8.count == kind.rawValue.utf8.count + bodyLength, text.hasPrefix(kind.rawValue) else { return false }
        return text.utf8.dropFirst(kind.rawValue.utf8.count).allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
        }
    }
}
