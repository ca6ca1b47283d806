/// Help text as argument-parser shows it: a `discussion` is written in the source as lines of
/// up to 100 columns, but argument-parser keeps every line break it is given and wraps each
/// line again at the terminal's width, so a paragraph came out ragged (a long line, a short
/// one, …). ``reflow(_:)`` joins the lines of each paragraph into one line and lets
/// argument-parser wrap it to the terminal.
enum HelpText {
    /// `text` with each paragraph's lines joined by a space. Kept as written: blank lines
    /// (between paragraphs), lines that start with `- ` (list items, each its own line; a
    /// following indented line continues the item), indented lines (examples, commands to
    /// copy), and a line that ends with `:` before an indented line or a list (a heading).
    static func reflow(_ text: String) -> String {
        var out: [String] = []
        /// Whether the last output line may take the next line's words.
        var open = false
        /// Whether the last output line is a list item (an indented line continues it).
        var inItem = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            let indented = trimmed.count < line.count
            if trimmed.isEmpty {
                out.append("")
                open = false
                inItem = false
            } else if trimmed.hasPrefix("- ") && !indented {
                out.append(line)
                open = true
                inItem = true
            } else if indented && inItem && open {
                out[out.count - 1] += " " + trimmed
            } else if !indented && open && !inItem {
                out[out.count - 1] += " " + trimmed
            } else if !indented && open && inItem {
                // A line at the margin after an item: a new paragraph of the block.
                out.append(line)
                inItem = false
            } else {
                out.append(line)
                open = !indented
                inItem = false
            }
            let next = index + 1 < lines.count ? lines[index + 1] : ""
            if line.hasSuffix(":"), next.hasPrefix(" ") || next.hasPrefix("- ") {
                open = false
                inItem = false
            }
        }
        return out.joined(separator: "\n")
    }
}
