/// Word wrapping by display width (``DisplayWidth``): lines break at spaces, never inside
/// code in backticks (a command to copy); colours stay on across the break.
enum TextWrap {
    /// `text` (one line) as lines of at most `width` columns. A word longer than the width
    /// is cut where it reaches it when `hardBreak` (a table's cell), else it gets a line of
    /// its own and stays whole (a path, a URL, a token in prose). Continuation lines start
    /// with `indent` spaces.
    static func lines(_ text: String, width: Int, hardBreak: Bool, indent: Int = 0) -> [String] {
        let width = max(1, width)
        let indent = min(indent, width / 2)
        let lead = String(repeating: " ", count: indent)
        var lines: [String] = []
        let leading = text.prefix { $0 == " " }
        var current = String(leading)
        var currentWidth = leading.count
        var empty = true  // no word on the line yet
        func finish() {
            lines.append(current)
            current = lead
            currentWidth = indent
            empty = true
        }
        func put(_ word: String, _ wordWidth: Int) {
            current += word
            currentWidth += wordWidth
            empty = false
        }
        for word in words(text.dropFirst(leading.count)) {
            let wordWidth = DisplayWidth.of(word)
            if !empty && currentWidth + 1 + wordWidth <= width {
                current += " "
                currentWidth += 1
                put(word, wordWidth)
                continue
            }
            if !empty { finish() }
            if currentWidth + wordWidth <= width || !hardBreak {
                put(word, wordWidth)
                continue
            }
            for piece in cut(word, first: width - currentWidth, rest: width - indent) {
                if !empty { finish() }
                put(piece, DisplayWidth.of(piece))
            }
        }
        if !empty || lines.isEmpty { lines.append(current) }
        return carryingColours(lines.map { $0.trimmingTrailingSpaces() })
    }

    /// The words of `text`: runs between spaces, a span in backticks kept as one word.
    static func words(_ text: Substring) -> [String] {
        var words: [String] = []
        var word = ""
        var inCode = false
        for character in text {
            if character == "`" { inCode.toggle() }
            if character == " " && !inCode {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// `word` in pieces: the first `first` columns wide at most, the others `rest` (one character at least each).
    static func cut(_ word: String, first: Int, rest: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var pieceWidth = 0
        var limit = max(1, first)
        var escape = EscapeScanner()
        for character in word {
            if escape.consume(character) {
                piece.append(character)
                continue
            }
            let width = DisplayWidth.of(character)
            if pieceWidth + width > limit && pieceWidth > 0 {
                pieces.append(piece)
                piece = ""
                pieceWidth = 0
                limit = max(1, rest)
            }
            piece.append(character)
            pieceWidth += width
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// Lines broken out of one: a colour (SGR escape) open at a break is closed at the end of
    /// the line and opened again on the next one, so that a pager or a log shows it right.
    static func carryingColours(_ lines: [String]) -> [String] {
        guard lines.count > 1, lines.contains(where: { $0.contains("\u{1B}") }) else { return lines }
        var active: [String] = []
        return lines.enumerated().map { index, line in
            let opened = active.joined()
            var sequence = ""
            var escape = EscapeScanner()
            for character in line {
                if escape.consume(character) {
                    sequence.append(character)
                    if character.asciiValue.map({ (0x40...0x7E).contains($0) }) == true && sequence.count > 2 {
                        if sequence == "\u{1B}[0m" || sequence == "\u{1B}[m" { active.removeAll() } else if sequence.hasSuffix("m") { active.append(sequence) }
                        sequence = ""
                    }
                }
            }
            let closed = !active.isEmpty && index < lines.count - 1 ? "\u{1B}[0m" : ""
            return opened + line + closed
        }
    }

    /// Every line of `text` that is wider than `width` wrapped at its spaces, continuing under
    /// its first word (after the indent and a `- ` or `• ` bullet). Left as they are: lines of
    /// a layout that must stay whole, a chart, a bar or a table row (``isLayout(_:)``).
    static func prose(_ text: String, width: Int) -> String {
        guard text.contains(where: { $0 == " " }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let line = String(line)
            guard DisplayWidth.of(line) > width, !isLayout(line) else { return line }
            let leading = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(leading)
            let bullet = ["- ", "• ", "· ", "* "].contains { rest.hasPrefix($0) } ? 2 : 0
            return lines(line, width: width, hardBreak: false, indent: leading + bullet).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// A line drawn rather than written: a chart, a bar (box-drawing, block or braille
    /// characters), a row of three cells or more (two gaps of two spaces or more). A sentence
    /// with one wide gap (`… on 2026-11-24  id …`) is prose.
    static func isLayout(_ line: String) -> Bool {
        if line.unicodeScalars.contains(where: { (0x2500...0x259F).contains($0.value) || (0x2800...0x28FF).contains($0.value) }) { return true }
        let text = String(line.drop { $0 == " " }).trimmingTrailingSpaces()
        return text.split(separator: "  ", omittingEmptySubsequences: true).count >= 3
    }
}
