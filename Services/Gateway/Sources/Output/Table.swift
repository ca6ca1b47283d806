/// An aligned text table: numbers right-aligned, everything else left, within the
/// terminal's width (``TerminalSize``).
///
/// When the columns' natural widths do not fit, the widest columns give way one column at a
/// time and their cells wrap onto continuation lines at spaces; titles wrap too. First no
/// column gets narrower than its longest word (title included); only when that is still too
/// wide do the widest text columns go down further (never below ``minimumWidth``, or their
/// natural width when narrower), a word longer than its column cut where it reaches the edge.
/// Right-aligned columns (numbers) and `whole` columns (ids to copy) keep their cells' full
/// width; only their titles may wrap. When even those least widths do not fit side by side,
/// or when the columns would have to cut a word and a block of `TITLE  value` lines per row
/// need not (``fits(within:)``), each row becomes such a block (titles in a column of their
/// own, values wrapped beside them), a blank line between rows.
struct Table {
    enum Alignment {
        case left
        case right
    }

    /// The narrowest a wrapping column gets.
    static let minimumWidth = 6
    /// Spaces between two columns.
    static let gap = 2

    var headers: [String]
    var alignments: [Alignment]
    /// Columns whose cells are never cut (ids, tokens): only their titles wrap.
    var whole: Set<Int>
    var rows: [[String]] = []

    init(_ headers: [String], alignments: [Alignment]? = nil, whole: Set<Int> = []) {
        self.headers = headers
        self.alignments = alignments ?? headers.map { _ in .left }
        self.whole = whole
    }

    mutating func add(_ row: [String]) {
        rows.append(row)
    }

    func render(style: Style, width: Int = TerminalSize.columns()) -> String {
        guard fits(within: width) else {
            // Too narrow for the columns side by side: a block of `TITLE  value` lines per row.
            let records = recordTable()
            let widths = records.columnWidths(within: width)
            return records.rows.chunked(headers.count).map { block in
                block.flatMap { records.format($0, widths: widths, style: style, bold: [0]) }.joined(separator: "\n")
            }.joined(separator: "\n\n")
        }
        let widths = columnWidths(within: width)
        var lines = format(headers, widths: widths, style: style, bold: Set(headers.indices))
        for row in rows { lines += format(row, widths: widths, style: style, bold: []) }
        return lines.joined(separator: "\n")
    }

    /// Whether the columns are drawn side by side in `width` columns: when they fit without
    /// cutting a word; else when the `TITLE  value` layout would have to cut one too and the
    /// columns fit at their least widths. A table of one or two columns is always side by side.
    func fits(within width: Int) -> Bool {
        guard headers.count > 2, span(leastWidths(cuttingWords: false)) > width else { return true }
        let records = recordTable()
        return records.span(records.leastWidths(cuttingWords: false)) > width && span(leastWidths(cuttingWords: true)) <= width
    }

    /// The width of columns this wide side by side, gaps included.
    func span(_ widths: [Int]) -> Int {
        widths.reduce(0, +) + Self.gap * max(0, widths.count - 1)
    }

    /// The table as `TITLE  value` pairs, a row after the other (the layout of a terminal too
    /// narrow for the columns side by side): two columns, titles then values, no title line.
    func recordTable() -> Table {
        var records = Table(["", ""])
        for row in rows {
            for (index, title) in headers.enumerated() {
                records.add([title, index < row.count ? row[index] : ""])
            }
        }
        return records
    }

    /// One row as lines: its cells wrapped in their columns, padded and aligned; `bold` columns bold.
    func format(_ cells: [String], widths: [Int], style: Style, bold: Set<Int>) -> [String] {
        let wrapped = headers.indices.map { index in
            TextWrap.lines(index < cells.count ? cells[index] : "", width: widths[index], hardBreak: true)
        }
        let height = wrapped.map(\.count).max() ?? 1
        return (0..<height).map { line in
            headers.indices.map { index in
                let cell = line < wrapped[index].count ? wrapped[index][line] : ""
                let pad = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(cell)))
                let shown = bold.contains(index) && !cell.isEmpty ? style.bold(cell) : cell
                return alignments[index] == .right ? pad + shown : shown + pad
            }.joined(separator: String(repeating: " ", count: Self.gap)).trimmingTrailingSpaces()
        }
    }

    /// Each column's width in a terminal `width` columns wide: the natural widths when they
    /// fit, else the widest shrinkable column narrowed first, one column at a time: down to
    /// its longest word, then (still too wide) down to its least width, cutting words.
    func columnWidths(within width: Int) -> [Int] {
        var widths = naturalWidths()
        var excess = span(widths) - width
        for least in [leastWidths(cuttingWords: false), leastWidths(cuttingWords: true)] {
            while excess > 0 {
                guard let widest = widths.indices.filter({ widths[$0] > least[$0] }).max(by: { widths[$0] < widths[$1] }) else { break }
                widths[widest] -= 1
                excess -= 1
            }
        }
        return widths
    }

    /// Each column's widest cell, its title included.
    func naturalWidths() -> [Int] {
        zip(headers.map { DisplayWidth.of($0) }, cellWidths()).map { max($0, $1) }
    }

    /// Each column's widest cell, its title left out.
    func cellWidths() -> [Int] {
        headers.indices.map { index in rows.map { index < $0.count ? DisplayWidth.of($0[index]) : 0 }.max() ?? 0 }
    }

    /// The narrowest each column gets: its longest word (title included) unless
    /// `cuttingWords`, then ``minimumWidth`` (or its natural width when narrower). Numbers
    /// (right-aligned) and `whole` columns keep their cells' width either way.
    func leastWidths(cuttingWords: Bool) -> [Int] {
        let natural = naturalWidths()
        let cells = cellWidths()
        return headers.indices.map { index in
            var least = min(natural[index], Self.minimumWidth)
            if alignments[index] == .right || whole.contains(index) { least = max(cells[index], least) }
            guard !cuttingWords else { return least }
            let longestWord = ([headers[index]] + rows.map { index < $0.count ? $0[index] : "" })
                .flatMap { TextWrap.words(Substring($0)) }.map { DisplayWidth.of($0) }.max() ?? 0
            return max(least, min(natural[index], longestWord))
        }
    }
}

extension Array {
    /// The elements in runs of `size` (the last one shorter).
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: Swift.max(1, size)).map { self[$0..<Swift.min(count, $0 + Swift.max(1, size))] }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
