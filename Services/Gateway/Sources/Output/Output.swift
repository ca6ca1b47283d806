import ArgumentParser
import Foundation
import QuenchStrings

/// Where a command's results go: JSON for scripts (`--json`) or text for people, with
/// colour only on a terminal and never when `NO_COLOR` is set.
struct Output: Sendable {
    let json: Bool
    /// stdout is a terminal (progress bars, colour).
    let isTerminal: Bool
    let style: Style
    /// The width prose wraps at (``TerminalSize/proseColumns(environment:)``); nil (a pipe or a
    /// file without `COLUMNS`): not wrapped.
    let columns: Int?

    init(json: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.json = json
        columns = TerminalSize.proseColumns(environment: environment)
        isTerminal = isatty(STDOUT_FILENO) == 1
        let colour = isTerminal && environment["NO_COLOR"].map(\.isEmpty) != false && environment["TERM"] != "dumb"
        style = Style(enabled: colour)
    }

    /// Prints `value` as JSON, or `human()` as text, its prose wrapped at the terminal's
    /// width (``TextWrap/prose(_:width:)``: charts, bars and tables are left whole).
    func emit<Value: Encodable>(_ value: Value, human: () -> String) throws {
        if json {
            print(try Output.jsonText(value))
        } else {
            let text = human()
            if !text.isEmpty { print(wrapped(text)) }
        }
    }

    /// Prints `text` as it is: data (a document, JSON, an event), never wrapped.
    func line(_ text: String) {
        print(text)
    }

    /// Prints a sentence for people, wrapped at the terminal's width.
    func prose(_ text: String) {
        print(wrapped(text))
    }

    /// `text` with its prose wrapped at ``columns`` (``TextWrap/prose(_:width:)``), as it is without.
    func wrapped(_ text: String) -> String {
        columns.map { TextWrap.prose(text, width: $0) } ?? text
    }

    static func jsonText<Value: Encodable>(_ value: Value, pretty: Bool = true) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The one-line JSON error document every command writes with --json:
    /// `{"error":{"code":…,"field":…,"message":…}}`.
    static func errorJSON(code: String, message: String, field: String?) -> String {
        struct Body: Encodable {
            struct Inner: Encodable {
                var code: String
                var message: String
                var field: String?
            }
            var error: Inner
        }
        return (try? jsonText(Body(error: .init(code: code, message: message, field: field)), pretty: false))
            ?? "{\"error\":{\"code\":\"\(code)\"}}"
    }

    /// Reports `error` on stderr (wrapped at the terminal's width, or a one-line JSON object with
    /// --json) and returns the exit code.
    func fail(_ error: any Error) -> ExitCode {
        if let exit = error as? ExitCode { return exit }
        let failure = CLIError.from(error)
        let text: String
        if json {
            text = Output.errorJSON(code: failure.code, message: failure.message, field: failure.field)
        } else {
            text = wrapped("\(style.red(tr(CommonText.errorPrefix))) \(failure.description)")
        }
        FileHandle.standardError.write(Data((text + "\n").utf8))
        return ExitCode(failure.exitCode)
    }
}

/// ANSI styling that turns itself off when colour is not wanted.
struct Style: Sendable {
    let enabled: Bool

    private func wrap(_ code: String, _ text: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { wrap("1", text) }
    func dim(_ text: String) -> String { wrap("2", text) }
    func red(_ text: String) -> String { wrap("31", text) }
    func green(_ text: String) -> String { wrap("32", text) }
    func yellow(_ text: String) -> String { wrap("33", text) }
    func blue(_ text: String) -> String { wrap("34", text) }
    func cyan(_ text: String) -> String { wrap("36", text) }
}
