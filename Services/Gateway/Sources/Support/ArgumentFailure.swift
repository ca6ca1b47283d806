import ArgumentParser
import Foundation

/// An argument or option the parser or a command's `validate()` refused, reported as the
/// CLI reports every error: with `--json`, `{"error":{"code":"invalid_argument","message",
/// "field"}}` on stderr; the exit status is argument-parser's (64).
enum ArgumentFailure {
    /// The argument at fault: `AMOUNT` from "AMOUNT: …", `--timeout` from "--timeout must …",
    /// `amount` from "Missing expected argument '<amount>'"; nil when the message names none.
    static func field(in message: String) -> String? {
        if let colon = message.firstIndex(of: ":"), colon > message.startIndex {
            // French puts a (no-break) space before the colon: `AMOUNT : …`.
            let name = message[..<colon].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, name.allSatisfy({ $0.isUppercase || $0 == "_" }) { return name }
        }
        let head = message.prefix { $0 != " " && $0 != ":" }
        if head.hasPrefix("--") { return String(head) }
        // argument-parser quotes the argument: '<amount>', '--bogus', '--count <count>'.
        let parts = message.split(separator: "'", omittingEmptySubsequences: false)
        for quoted in stride(from: 1, to: parts.count - 1, by: 2).map({ parts[$0] }) {
            if quoted.hasPrefix("<"), quoted.hasSuffix(">") { return String(quoted.dropFirst().dropLast()) }
            if quoted.hasPrefix("--") {
                return String(quoted.split(whereSeparator: { $0 == " " || $0 == "=" }).first ?? quoted)
            }
        }
        return nil
    }

    /// The one-line JSON error for `message`.
    static func json(message: String) -> String {
        Output.errorJSON(code: "invalid_argument", message: message, field: field(in: message))
    }
}
