import Foundation
@testable import QuenchCLI
import QuenchStrings
import Testing

/// #30 part 1: "tables … still line up with longer strings (terminal width respected)".
/// A table in any width from 20 to 200 columns: no line wider than the terminal (when the
/// columns' least widths fit), every column starting (left) or ending (right) at the same
/// place on every line, every cell's text all there in order, numbers whole.
@Suite("Table: within the terminal's width, columns aligned")
struct TableWidthTests {
    /// Width on screen, counted here on its own: escapes none, a character (with its
    /// combining marks) one, the CJK ideographs and the emoji these tests use two.
    static func screenWidth(_ character: Character) -> Int {
        let wide: Set<Character> = ["水", "分", "補", "給", "💧"]
        return wide.contains(character) ? 2 : 1
    }

    /// `line` without escapes, as (display column, character) for each character.
    static func cells(_ line: Substring) -> [(column: Int, character: Character)] {
        let plain = String(line).replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        var column = 0
        var out: [(Int, Character)] = []
        for character in plain {
            out.append((column, character))
            column += screenWidth(character)
        }
        return out
    }

    static func width(_ line: Substring) -> Int {
        cells(line).last.map { $0.column + screenWidth($0.character) } ?? 0
    }

    /// Checks `rendered` against `table`'s layout at `width`; returns the failures.
    /// Too narrow for the columns side by side, the table is drawn as `TITLE  value` pairs:
    /// checked as that two-column table.
    static func check(_ table: Table, width: Int, style: Style = Style(enabled: false)) -> [String] {
        let rendered = table.render(style: style, width: width)
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let table = table.fits(within: width) ? table : table.recordTable()
        let widths = table.columnWidths(within: width)
        var starts: [Int] = []
        var position = 0
        for columnWidth in widths {
            starts.append(position)
            position += columnWidth + Table.gap
        }
        let least = table.headers.indices.map { index in
            let natural = ([table.headers[index]] + table.rows.map { $0[index] }).map { Self.width(Substring($0)) }.max() ?? 0
            let numbers = table.rows.map { Self.width(Substring($0[index])) }.max() ?? 0
            let floor = min(natural, Table.minimumWidth)
            return table.alignments[index] == .right || table.whole.contains(index) ? max(numbers, floor) : floor
        }
        let limit = max(width, least.reduce(0, +) + Table.gap * (least.count - 1))
        var failures: [String] = []
        var texts = table.headers.map { _ in "" }
        for (number, line) in lines.enumerated() {
            if Self.width(line) > limit { failures.append("line \(number) is \(Self.width(line)) wide (limit \(limit)): \(line)") }
            let shown = cells(line)
            for (index, start) in starts.enumerated() {
                let inColumn = shown.filter { $0.column >= start && $0.column < start + widths[index] }
                texts[index] += String(inColumn.map(\.character))
                let ink = inColumn.filter { $0.character != " " }
                guard let first = ink.first, let last = ink.last else { continue }
                if table.alignments[index] == .left && first.column != start {
                    failures.append("line \(number), column \(index) starts at \(first.column), not \(start): \(line)")
                }
                if table.alignments[index] == .right && last.column + screenWidth(last.character) != start + widths[index] {
                    failures.append("line \(number), column \(index) ends at \(last.column + 1), not \(start + widths[index]): \(line)")
                }
            }
            let outside = shown.filter { cell in cell.character != " " && !starts.indices.contains { cell.column >= starts[$0] && cell.column < starts[$0] + widths[$0] } }
            if !outside.isEmpty { failures.append("line \(number) has text between columns: \(line)") }
        }
        for index in table.headers.indices {
            let expected = ([table.headers[index]] + table.rows.map { $0[index] }).joined()
                .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression).filter { !$0.isWhitespace }
            let got = texts[index].filter { !$0.isWhitespace }
            if got != expected { failures.append("column \(index) reads \(got), not \(expected)") }
        }
        return failures
    }

    static func sample() -> Table {
        var table = Table(["NAME", "DESCRIPTION OF THE CHALLENGE", "STEPS", "TROPHY"], alignments: [.left, .left, .right, .left])
        table.add(["walk-5k", "Walk five thousand steps before breakfast, every day of the week", "1,234,567", "gold"])
        table.add(["supercalifragilisticexpialidocious", "x", "12", "a trophy with a rather long name"])
        table.add(["", "", "0", ""])
        return table
    }

    @Test("every width from 20 to 200: lines fit, columns aligned, text all there")
    func everyWidth() {
        for width in 20...200 {
            let failures = Self.check(Self.sample(), width: width)
            #expect(failures.isEmpty, "at \(width) columns:\n\(failures.joined(separator: "\n"))\n\(Self.sample().render(style: Style(enabled: false), width: width))")
            #expect(Self.sample().render(style: Style(enabled: false), width: width).split(separator: "\n").allSatisfy { Self.width($0) <= width })
        }
        // Side by side down to the columns' least widths (6 + 6 + the 9 of 1,234,567 + 6, and the gaps: 33).
        #expect(Self.sample().fits(within: 33) && !Self.sample().fits(within: 32))
    }

    @Test("too narrow for the columns side by side: a block of title and value lines per row")
    func records() {
        let rendered = Self.sample().render(style: Style(enabled: false), width: 24)
        let blocks = rendered.components(separatedBy: "\n\n")
        #expect(blocks.count == 3, "\(rendered)")
        // Titles and values share the 22 columns left of the gap, the wider giving way first: 11 each.
        #expect(blocks.first?.hasPrefix("NAME         walk-5k\nDESCRIPTION  Walk five\nOF THE       thousand\n") == true, "\(rendered)")
        #expect(blocks.last == "NAME\nDESCRIPTION\nOF THE\nCHALLENGE\nSTEPS        0\nTROPHY", "\(rendered)")
        // Nothing past the width down to 14 columns (6 for the titles, 2 between, 6 for the values):
        // a number (1,234,567) is cut at the edge too, all of every cell's text still there in order.
        for width in 14...32 {
            let rendered = Self.sample().render(style: Style(enabled: false), width: width)
            #expect(rendered.split(separator: "\n").allSatisfy { Self.width($0) <= width }, "at \(width):\n\(rendered)")
            let failures = Self.check(Self.sample(), width: width)
            #expect(failures.isEmpty, "at \(width):\n\(failures.joined(separator: "\n"))\n\(rendered)")
        }
        #expect(Self.sample().render(style: Style(enabled: false), width: 14).contains("STEPS   1,234,\n        567"))
    }

    @Test("a word is cut only when no layout can keep it: the title and value blocks before a cut word")
    func wordsKept() {
        var table = Table(["SERVICE", "STATUS", "VERSION", "ENDPOINT"])
        table.add(["health-ingest", "up", "0.1.0", "tcp://127.0.0.1:24806"])
        table.add(["analytics", "up", "0.1.0", "tcp://127.0.0.1:24818"])
        let words = ["SERVICE", "STATUS", "VERSION", "ENDPOINT", "health-ingest", "analytics", "tcp://127.0.0.1:24806", "tcp://127.0.0.1:24818"]
        // Side by side at 53 columns and more (13 + 6 + 7 + 21 and the gaps), the blocks below: every word whole.
        #expect(table.fits(within: 53) && !table.fits(within: 52))
        for width in 31...80 {
            let rendered = table.render(style: Style(enabled: false), width: width)
            let shown = Set(rendered.split(whereSeparator: \.isWhitespace).map(String.init))
            #expect(words.allSatisfy(shown.contains), "at \(width):\n\(rendered)")
            #expect(Self.check(table, width: width).isEmpty, "at \(width):\n\(Self.check(table, width: width))")
        }
        #expect(table.render(style: Style(enabled: false), width: 40).hasPrefix("SERVICE   health-ingest\nSTATUS    up\n"))
        // Narrower than the blocks' longest word (21 + 2 + 8): cut, and side by side again when that fits.
        #expect(!table.render(style: Style(enabled: false), width: 30).contains("tcp://127.0.0.1:24806"))
    }

    @Test("a table that fits is drawn as before: a line per row, two spaces between columns")
    func fits() {
        var table = Table(["DAY", "WATER", "MET"], alignments: [.left, .right, .left])
        table.add(["2026-11-24", "1,500 ml", "✓"])
        #expect(table.render(style: Style(enabled: false), width: 80) == "DAY" + String(repeating: " ", count: 12) + "WATER  MET\n2026-11-24  1,500 ml  ✓")
    }

    @Test("numbers keep their width and stay on one line; the widest text column gives way first")
    func numbersWhole() {
        let table = Self.sample()
        let rendered = table.render(style: Style(enabled: false), width: 40)
        #expect(rendered.contains("1,234,567"), "\(rendered)")
        let widths = table.columnWidths(within: 40)
        #expect(widths[2] == 9 && widths.reduce(0, +) + 6 <= 40, "\(widths)")
        // The description (widest) was narrowed; a 4-letter column is left alone.
        #expect(widths[1] < 28 && widths[3] >= 6, "\(widths)")
        // A word longer than its column is cut at the edge.
        #expect(rendered.split(separator: "\n").contains { $0.hasPrefix("superc") && !$0.hasPrefix("supercalifragilisticexpialidocious") }, "\(rendered)")
    }

    @Test("titles wrap too, and a number column's title may wrap down to its numbers' width")
    func titlesWrap() {
        var table = Table(["TAG", "ZIEL ERREICHT HEUTE", "NOTIZ"], alignments: [.left, .right, .left])
        table.add(["Mo", "75 %", "Ein langer Satz über den Tag, der nicht in die Spalte passt"])
        for width in [24, 30, 40] {
            let failures = Self.check(table, width: width)
            #expect(failures.isEmpty, "at \(width):\n\(failures.joined(separator: "\n"))")
        }
        let lines = table.render(style: Style(enabled: false), width: 24).split(separator: "\n")
        #expect(lines.first?.contains("ZIEL") == true && !(lines.first?.contains("HEUTE") ?? true), "\(lines)")
    }

    @Test("whole columns (ids) are never cut; only their titles wrap")
    func wholeColumns() {
        var table = Table(["ID", "NOTE"], whole: [0])
        let id = "0123456789abcdef0123456789abcdef"
        table.add([id, "a note that wraps onto a second line"])
        #expect(table.render(style: Style(enabled: false), width: 44).contains(id))
        #expect(Self.check(table, width: 44).isEmpty)
    }

    @Test("colours, accents (precomposed and combining), the pseudo-locale and wide characters are measured on screen")
    func displayWidth() {
        let colour = Style(enabled: true)
        #expect(DisplayWidth.of(colour.bold("abc")) == 3)
        #expect(DisplayWidth.of("e\u{301}te\u{301}") == 3)  // "été" with combining acutes
        #expect(DisplayWidth.of("ĻöĝĝéðļöĝÀƁÇ") == 12)
        #expect(DisplayWidth.of("水分補給") == 8)
        #expect(DisplayWidth.of("💧 ok") == 5)

        var table = Table([Pseudo.transform("FLUID"), Pseudo.transform("WATER"), Pseudo.transform("NOTE")], alignments: [.left, .right, .left])
        table.add([colour.cyan("kombucha"), colour.green("97 %"), Pseudo.transform("Fermented tea, sweet and a little sour, from the fridge")])
        table.add(["ce\u{301}re\u{301}ale", "1,000", "水分補給 水分補給 水分補給 水分補給 水分補給"])
        table.add(["\u{1B}[1mgras\u{1B}[0m", "0", "e\u{301}" + String(repeating: "e\u{301}", count: 30)])
        for width in 20...120 {
            let failures = Self.check(table, width: width, style: colour)
            #expect(failures.isEmpty, "at \(width):\n\(failures.joined(separator: "\n"))\n\(table.render(style: colour, width: width))")
        }
        // A colour cut by a wrap is closed at the end of the line and opened again on the next.
        let wrapped = TextWrap.lines(colour.yellow("one two three four"), width: 9, hardBreak: true)
        #expect(wrapped == ["\u{1B}[33mone two\u{1B}[0m", "\u{1B}[33mthree\u{1B}[0m", "\u{1B}[33mfour\u{1B}[0m"], "\(wrapped)")
    }

    @Test("prose wraps at spaces under its first word; charts, tables, code in backticks and paths stay whole")
    func prose() {
        let note = "Badges: 115 · next at 1,160,000 (8,582 to go)"
        #expect(TextWrap.prose(note, width: 40) == "Badges: 115 · next at 1,160,000 (8,582\nto go)")
        #expect(TextWrap.prose(note, width: 80) == note)
        #expect(TextWrap.prose("  - one two three four five", width: 14) == "  - one two\n    three four\n    five")
        let command = "Run `quench consent grant body-mass steps` to count them"
        #expect(TextWrap.prose(command, width: 30) == "Run\n`quench consent grant body-mass steps`\nto count them")
        let path = "Wrote /tmp/a/very/long/path/that/does/not/fit/card.svg"
        #expect(TextWrap.prose(path, width: 20) == "Wrote\n/tmp/a/very/long/path/that/does/not/fit/card.svg")
        let chart = "████████████████░░░░░░░░ 80 % of the day's goal"
        #expect(TextWrap.prose(chart, width: 20) == chart)
        let row = "2026-11-24  1,500 ml  a long note in a table row"
        #expect(TextWrap.prose(row, width: 20) == row)
        // One wide gap is a sentence's (a catalog string's), not a table's: it wraps.
        let logged = "Logged 250 mL coffee (247.5 mL water) at 12:53 on 2026-11-24  id 01a20e42c92900022c13a4b6"
        #expect(TextWrap.prose(logged, width: 60) == "Logged 250 mL coffee (247.5 mL water) at 12:53 on 2026-11-24\nid 01a20e42c92900022c13a4b6")
        for width in 10...60 {
            let text = Pseudo.transform("Analytics may be missing recent events: 3 events of intake not applied yet; goals out of reach")
            let lines = TextWrap.prose(text, width: width).split(separator: "\n")
            #expect(lines.allSatisfy { Self.width($0) <= width || !$0.contains(" ") }, "at \(width): \(lines)")
            #expect(lines.joined(separator: " ") == text)
        }
    }
}
