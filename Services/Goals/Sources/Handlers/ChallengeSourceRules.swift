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

    /// A failure's text as kept: control characters left out, at most 500 characters.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 }.prefix(ChallengesCheckedRequest.maxDetailLength))
    }

    /// A failure's `reason` as kept: a code of letters, digits, `.` and `_` (at most 64), at most
    /// 16 values with keys like it, each value kept as `printable`.
    static func reason(_ reason: ChallengeSyncReason?) throws -> ChallengeSyncReason? {
        guard let reason else { return nil }
        func isName(_ text: String) -> Bool {
            !text.isEmpty && text.utf8.count <= ChallengeSyncReason.maxCodeLength
                && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "." || $0 == "_") }
        }
        guard isName(reason.code) else {
            throw QuenchError.invalidArgument(
                "reason.code", "must be 1 to \(ChallengeSyncReason.maxCodeLength) letters, digits, '.' or '_', got '\(reason.code.prefix(40))'")
        }
        guard reason.values.count <= ChallengeSyncReason.maxValues, reason.values.keys.allSatisfy(isName) else {
            throw QuenchError.invalidArgument(
                "reason.values", "must be at most \(ChallengeSyncReason.maxValues) values named by letters, digits, '.' or '_'")
        }
        return ChallengeSyncReason(reason.code, reason.values.mapValues(printable))
    }
}
