import QuenchStrings

/// Streams a workout log and validates each line; the format is known from the header line.
///
/// Formats (``WorkoutLogFormat``): the plain `Oct 11 2020,Back Squat,1,10,45` lines (an optional
/// header `date,exercise,sets,reps,weight`, blank lines and `#` comments skipped), and the CSV
/// exports of Strong, Hevy, FitNotes and Fitbod, or any CSV whose header names date, exercise,
/// reps and weight columns. Fields are trimmed of spaces and may be quoted CSV-style (`"Squat,
/// Back"`, `""` for a quote); in the apps' formats a quoted field may hold newlines. CRLF and LF
/// both end lines.
///
/// The parse stops with ``NotAWorkoutLog`` at the first sign that the input is no workout log:
/// a zip archive, an XML file (an Apple Health export), a NUL byte, a line longer than
/// `maxLineBytes`, or a header naming no known format.
public struct WorkoutLogParser: Sendable {
    /// Longest line (or quoted record) accepted.
    public var maxLineBytes: Int
    /// The user's UTC offset (seconds east) at an instant (seconds since 1970): a date with a time
    /// and a zone is put on the user's day by it. UTC unless set.
    public var userOffset: @Sendable (Int64) -> Int

    private static let chunkSize = 256 << 10

    /// Creates a parser.
    public init(maxLineBytes: Int = 16_384, userOffset: @escaping @Sendable (Int64) -> Int = { _ in 0 }) {
        self.maxLineBytes = maxLineBytes
        self.userOffset = userOffset
    }

    /// Parses the file at `path`, calling `onLine` for every data line, good or bad, in order.
    ///
    /// - Returns: the counts: data lines delivered (good and bad; not blank, comment, header or skipped lines), bad ones, the format.
    /// - Throws: ``NotAWorkoutLog``; an ``AppleHealthImportError`` if the file cannot be read; what `onLine` throws.
    @discardableResult
    public func parse(path: String, onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws -> WorkoutLogCounts {
        let file = try InputFile(path: path)
        let magic = try file.bytes(at: 0, count: 4)
        if ZipArchiveReader.isZip(magic) {
            let entries = (try? ZipArchiveReader(file: file, limits: AppleHealthLimits()).centralDirectory()) ?? nil
            if entries?.contains(where: { $0.name.hasSuffix("export.xml") }) == true {
                throw NotAWorkoutLog(.appleHealthExport)
            }
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let state = WorkoutLogState(maxLineBytes: maxLineBytes, userOffset: userOffset)
        var offset: Int64 = 0
        while true {
            let n = try file.read(at: offset, count: Self.chunkSize, into: buffer.baseAddress!)
            if n == 0 { break }
            offset += Int64(n)
            try state.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n]), onLine)
        }
        try state.finish(onLine)
        return state.counts
    }

    /// Parses a whole log held in memory; see ``parse(path:onLine:)``.
    @discardableResult
    public func parse(data: [UInt8], onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws -> WorkoutLogCounts {
        try parse(chunks: CollectionOfOne(data), onLine: onLine)
    }

    /// Parses a log given as consecutive chunks; see ``parse(path:onLine:)``.
    @discardableResult
    public func parse(chunks: some Sequence<[UInt8]>, onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws -> WorkoutLogCounts {
        let state = WorkoutLogState(maxLineBytes: maxLineBytes, userOffset: userOffset)
        for chunk in chunks {
            try chunk.withUnsafeBytes { try state.feed($0, onLine) }
        }
        try state.finish(onLine)
        return state.counts
    }
}
