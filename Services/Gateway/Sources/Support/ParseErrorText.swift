import Foundation
import QuenchStrings

/// argument-parser's own parse errors in the user's language. argument-parser (pinned in
/// Package.swift) writes them in English with no localisation hook; each message it can
/// produce for a parse failure is recognised here by its fixed wording and rendered from the
/// catalog (``ParserText``), the names and values the user typed kept as typed. A message not
/// recognised (one of our own `validate()` errors, already translated, or wording from another
/// argument-parser version) is kept as it is. `ParseErrorTextTests` makes each error happen
/// and fails if a wording is no longer recognised.
enum ParseErrorText {
    /// The whole of `fullMessage(for:)` (`Error: …`, `Help:  …`, `Usage: …`, `  See …`) in the
    /// current language.
    static func translate(_ full: String) -> String {
        let lines = full.components(separatedBy: "\n")
        // The error is everything before the frame's first line (a value list adds lines).
        let frameStart = lines.firstIndex { $0.hasPrefix("Help:  ") || $0.hasPrefix("Usage: ") } ?? lines.endIndex
        var message = lines[..<frameStart].joined(separator: "\n")
        if message.hasPrefix(english.error) { message.removeFirst(english.error.count) }
        var out = [tr(CommonText.errorPrefix) + " " + Self.message(message)]
        var usageIndent: (from: Int, to: Int)?
        for line in lines[frameStart...] {
            if line.hasPrefix(english.help) {
                out.append(tr(ParserText.helpLabel) + "  " + line.dropFirst(english.help.count))
            } else if line.hasPrefix(english.usage) {
                let label = tr(ParserText.usageLabel)
                usageIndent = (english.usage.count, label.count + 1)
                out.append(label + " " + line.dropFirst(english.usage.count))
            } else if let match = line.wholeMatch(of: #/  See '(.+) --help' for more information\./#) {
                out.append("  " + tr(ParserText.seeHelp(String(match.1))))
            } else if let indent = usageIndent, line.hasPrefix(String(repeating: " ", count: indent.from)) {
                out.append(String(repeating: " ", count: indent.to) + line.dropFirst(indent.from))
            } else {
                usageIndent = nil
                out.append(line)
            }
        }
        return out.joined(separator: "\n")
    }

    private static let english = (error: "Error: ", help: "Help:  ", usage: "Usage: ")

    /// One parse error's message, translated when its wording is argument-parser's.
    static func message(_ text: String) -> String {
        if let m = text.wholeMatch(of: #/Missing expected argument '(.+)'/#) { return tr(ParserText.missingArgument(String(m.1))) }
        if let m = text.wholeMatch(of: #/Missing one of: (.+)/#) { return tr(ParserText.missingOneOf(String(m.1))) }
        if let m = text.wholeMatch(of: #/Unknown option '(.+)'\. Did you mean '(.+)'\?/#) {
            return tr(ParserText.unknownOptionSuggestion(String(m.1), suggestion: String(m.2)))
        }
        if let m = text.wholeMatch(of: #/Unknown option '(.+)'/#) { return tr(ParserText.unknownOption(String(m.1))) }
        if let m = text.wholeMatch(of: #/Missing value for '(.+)'/#) { return tr(ParserText.missingValue(String(m.1))) }
        if let m = text.wholeMatch(of: #/The option '(.+)' does not take any value, but '(.*)' was specified\./#) {
            return tr(ParserText.takesNoValue(String(m.1), value: String(m.2)))
        }
        if let m = text.wholeMatch(of: #/Unexpected argument '(.*)'/#) { return tr(ParserText.unexpectedArgument(String(m.1))) }
        if let m = text.wholeMatch(of: #/(\d+) unexpected arguments: (.+)/#), let count = Int(m.1) {
            return tr(ParserText.unexpectedArguments(count, list: String(m.2)))
        }
        if let m = text.wholeMatch(of: #/Invalid option: (.+)/#) { return tr(ParserText.invalidOption(String(m.1))) }
        if text == "Missing required subcommand." { return tr(ParserText.missingSubcommand) }
        if let m = text.wholeMatch(of: #/Value to be set with (.+) had already been set with (.+)/#) {
            return tr(ParserText.setTwice(String(m.1), before: String(m.2)))
        }
        if let m = text.firstMatch(of: #/^The value '(.*?)' is invalid for '(.+?)'/#) {
            return tr(ParserText.invalidValue(String(m.1), for: String(m.2))) + Self.valueSuffix(text[m.range.upperBound...])
        }
        if let m = text.firstMatch(of: #/^The value '(.*?)' is invalid\./#) {
            return tr(ParserText.invalidValueNoName(String(m.1))) + Self.valueSuffix(text[m.range.upperBound...])
        }
        return text
    }

    /// What follows an invalid value: the values allowed (a list in one line or bullets), or
    /// `: ` and the message of the value's own check (ours, already in the language).
    private static func valueSuffix(_ rest: Substring) -> String {
        if rest.hasPrefix(". Please provide one of the following:\n") {
            let values = rest.split(separator: "\n").dropFirst().map { String($0.drop { $0 == " " || $0 == "-" }) }
            return ". " + tr(ParserText.provideOneOf(values))
        }
        if let m = rest.wholeMatch(of: #/\. Please provide one of (.+)\./#) {
            let values = m.1.matches(of: #/'([^']*)'/#).map { String($0.1) }
            return ". " + tr(ParserText.provideOneOf(values))
        }
        return String(rest)
    }
}
