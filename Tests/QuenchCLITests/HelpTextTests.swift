import Foundation
import ArgumentParser
@testable import QuenchCLI
import Testing

/// Help text fills the terminal's width: argument-parser keeps each line break of a
/// `discussion` and wraps every line again, so paragraphs written as lines of up to 100
/// columns came out ragged at 80. `HelpText.reflow` joins each paragraph's lines.
@Suite("Help text: paragraphs wrapped to the terminal, not ragged")
struct HelpTextTests {
    /// Every command of the tree, with its path.
    static func commands(_ command: any ParsableCommand.Type, _ path: [String] = []) -> [(String, any ParsableCommand.Type)] {
        [(path.joined(separator: " "), command)]
            + command.configuration.subcommands.flatMap { commands($0, path + [$0.configuration.commandName ?? "?"]) }
    }

    @Test("every command's help at 60, 80 and 120 columns: a paragraph's line breaks only where the next word would not fit")
    func noRaggedParagraphs() {
        var ragged: [String] = []
        for columns in [60, 80, 120] {
            for (path, command) in Self.commands(QuenchCommand.self) {
                let help = QuenchCommand.helpMessage(for: command, columns: columns)
                // The discussion: from after OVERVIEW's paragraph up to USAGE.
                guard let usage = help.range(of: "\nUSAGE:") else { continue }
                let lines = help[..<usage.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
                for (line, next) in zip(lines, lines.dropFirst()) {
                    guard !line.isEmpty, !next.isEmpty, !line.hasPrefix(" "), !next.hasPrefix(" "),
                          !next.hasPrefix("- "), !line.hasSuffix(":") else { continue }
                    let word = next.prefix { $0 != " " }
                    if line.count + 1 + word.count < columns {  // argument-parser keeps lines under the width
                        ragged.append("quench \(path) at \(columns): '\(line)' / '\(next)'")
                    }
                }
            }
        }
        #expect(ragged.isEmpty, "\(ragged.count) ragged breaks:\n\(ragged.prefix(10).joined(separator: "\n"))")
    }

    @Test("reflow joins a paragraph's lines; keeps blank lines, list items, indented examples and headings")
    func reflow() {
        let text = """
            One paragraph
            on two lines.

            Headings:
              quench up
              quench today
            - an item
              continued
            - another
            After the list,
            a paragraph.
            """
        #expect(HelpText.reflow(text) == """
            One paragraph on two lines.

            Headings:
              quench up
              quench today
            - an item continued
            - another
            After the list, a paragraph.
            """)
    }
}
