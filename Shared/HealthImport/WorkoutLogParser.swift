/// Streams a workout log (`Oct 11 2020,Back Squat,1,10,45` per line) and validates each line.
///
/// Blank lines and lines starting with `#` are skipped, as is an optional first header line
/// `date,exercise,sets,reps,weight` (any case). Fields are trimmed of spaces and may be quoted
/// CSV-style (`"Squat, Back"`, `""` for a quote); a quoted field cannot span lines. CRLF and LF both end lines.
public struct WorkoutLogParser: Sendable {
    /// Longest line accepted; longer lines are reported bad without being held in memory.
    public var maxLineBytes: Int

    private static let chunkSize = 256 << 10

    /// Creates a parser.
    public init(maxLineBytes: Int = 4096) {
        self.maxLineBytes = maxLineBytes
    }

    /// Parses the file at `path`, calling `onLine` for every data line, good or bad, in order.
    ///
    /// - Returns: `lines`, the data lines delivered (good and bad; not blank, comment or header lines), and `bad`.
    /// - Throws: an ``AppleHealthImportError`` if the file cannot be read, or what `onLine` throws.
    public func parse(path: String, onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws -> (lines: Int, bad: Int) {
        let file = try InputFile(path: path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let state = WorkoutLogState(maxLineBytes: maxLineBytes)
        var offset: Int64 = 0
        while true {
            let n = try file.read(at: offset, count: Self.chunkSize, into: buffer.baseAddress!)
            if n == 0 { break }
            offset += Int64(n)
            try state.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n]), onLine)
        }
        try state.finish(onLine)
        return (state.lines, state.bad)
    }

    /// Parses a whole log held in memory; see ``parse(path:onLine:)``.
    public func parse(data: [UInt8], onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws -> (lines: Int, bad: Int) {
        try parse(chunks: CollectionOfOne(data), onLine: onLine)
    }

    /// Parses a log given as consecutive chunks; see ``parse(path:onLine:)``.
    public func parse(chunks: some Sequence<[UInt8]>, onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws -> (lines: Int, bad: Int) {
        let state = WorkoutLogState(maxLineBytes: maxLineBytes)
        for chunk in chunks {
            try chunk.withUnsafeBytes { try state.feed($0, onLine) }
        }
        try state.finish(onLine)
        return (state.lines, state.bad)
    }
}
