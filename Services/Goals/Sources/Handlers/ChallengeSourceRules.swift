import Foundation
import QuenchProtocol

/// The rules of a feed's URL and validators as goals keeps them (`challenges.replace`).
enum ChallengeSourceRules {
    /// An absolute http or https URL with a host, printable ASCII, at most 2048 characters.
    static func url(_ text: String) throws {
        guard !text.isEmpty, text.utf8.count <= ReplaceChallengesRequest.maxURLLength else {
            throw QuenchError.invalidArgument("url", "must be 1 to \(ReplaceChallengesRequest.maxURLLength) characters")
        }
        guard text.unicodeScalars.allSatisfy({ (0x21...0x7e).contains($0.value) }), let url = URL(string: text),
              let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host?.isEmpty == false else {
            throw QuenchError.invalidArgument("url", "must be an http or https URL, got '\(text.prefix(80))'")
        }
    }

    /// An `ETag` or `Last-Modified` as received: printable ASCII, at most 256 characters.
    static func validator(_ text: String?, field: String) throws {
        guard let text else { return }
        guard text.utf8.count <= ReplaceChallengesRequest.maxValidatorLength,
              text.unicodeScalars.allSatisfy({ (0x20...0x7e).contains($0.value) }) else {
            throw QuenchError.invalidArgument(
                field, "must be at most \(ReplaceChallengesRequest.maxValidatorLength) printable ASCII characters")
        }
    }
}
