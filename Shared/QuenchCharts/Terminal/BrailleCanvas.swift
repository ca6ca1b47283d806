/// A grid of dots drawn with Unicode braille characters: each character cell holds 2 × 4
/// dots, so a canvas of `columns` × `rows` cells has `2·columns` × `4·rows` dots. Dot (0, 0)
/// is at the bottom left.
public struct BrailleCanvas: Sendable {
    public let columns: Int
    public let rows: Int
    private var cells: [UInt8]

    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: 0, count: self.columns * self.rows)
    }

    public var width: Int { columns * 2 }
    public var height: Int { rows * 4 }

    /// The bit of each dot in a cell, by [row from the top][column].
    private static let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    /// Sets one dot; dots outside the canvas are ignored.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let fromTop = height - 1 - y
        let index = (fromTop / 4) * columns + x / 2
        cells[index] |= Self.bits[fromTop % 4][x % 2]
    }

    /// A straight line of dots from one dot to another, both included (Bresenham).
    public mutating func line(from start: (x: Int, y: Int), to end: (x: Int, y: Int)) {
        var x = start.x
        var y = start.y
        let dx = abs(end.x - x)
        let dy = -abs(end.y - y)
        let stepX = x < end.x ? 1 : -1
        let stepY = y < end.y ? 1 : -1
        var error = dx + dy
        while true {
            set(x: x, y: y)
            if x == end.x && y == end.y { break }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x += stepX
            }
            if doubled <= dx {
                error += dx
                y += stepY
            }
        }
    }

    /// Whether the cell at `column`, `row` (row 0 at the top) has any dot.
    public func isEmpty(column: Int, row: Int) -> Bool {
        cells[row * columns + column] == 0
    }

    /// The cell at `column`, `row` (row 0 at the top): a braille character, or a space when empty.
    public func character(column: Int, row: Int) -> Character {
        let bits = cells[row * columns + column]
        guard bits != 0, let scalar = Unicode.Scalar(0x2800 + UInt32(bits)) else { return " " }
        return Character(scalar)
    }
}
