import QuenchStrings

/// Streams an Apple Health export (`export.zip` or `export.xml`) and delivers the records Quench imports.
///
/// Memory stays flat whatever the input size: the input is read in 256 KiB chunks and only the
/// unfinished tail of the XML is kept.
public struct AppleHealthParser: Sendable {
    /// The limits this parser enforces.
    public var limits: AppleHealthLimits

    private static let chunkSize = 256 << 10

    /// Creates a parser with the given limits.
    public init(limits: AppleHealthLimits = .default) {
        self.limits = limits
    }

    /// Streams the file (export.zip or export.xml, detected by content, not by extension), calling
    /// `onRecord` for each top-level `Record` of the four imported kinds, in file order.
    ///
    /// - Parameters:
    ///   - progress: called now and then with (bytes of the input file consumed, its size); for a zip, compressed bytes.
    ///   - onRecord: receives each record; an error it throws stops the parse and is rethrown.
    /// - Throws: ``AppleHealthImportError`` for unreadable, hostile, truncated or non-export input.
    ///   Records delivered before the error stay delivered.
    public func parse(
        path: String, progress: ((Int64, Int64) -> Void)? = nil, onRecord: (HealthRecord) throws -> Void
    ) throws -> AppleHealthSummary {
        try parse(path: path, progress: progress, onWorkout: { _ in }, onRecord: onRecord)
    }

    /// Streams the file as ``parse(path:progress:onRecord:)`` does, and also calls `onWorkout`
    /// for each top-level `Workout` once its element has closed (after the records of the same
    /// 256 KiB chunk; workouts in file order among themselves).
    public func parse(
        path: String, progress: ((Int64, Int64) -> Void)? = nil, onWorkout: (HealthWorkout) throws -> Void,
        onRecord: (HealthRecord) throws -> Void
    ) throws -> AppleHealthSummary {
        let file = try InputFile(path: path)
        if ZipArchiveReader.isZip(try file.bytes(at: 0, count: 4)) {
            return try AppleHealthZipReader(reader: ZipArchiveReader(file: file, limits: limits))
                .parse(progress: progress, onWorkout: onWorkout, onRecord: onRecord)
        }
        let scanner = HealthExportScanner(limits: limits)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        do {
            while true {
                let n = try file.read(at: offset, count: Self.chunkSize, into: buffer.baseAddress!)
                if n == 0 { break }
                offset += Int64(n)
                try scanner.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n]), onRecord: onRecord)
                for workout in scanner.takeWorkouts() { try onWorkout(workout) }
                progress?(offset, file.size)
            }
            try scanner.finish()
        } catch let notExport as NotAHealthExport {
            throw AppleHealthImportError(.notAnExport(notExport.why))
        } catch var error as AppleHealthImportError {
            // What was counted before the fault, for the report of the part read.
            if scanner.rootSeen, error.partial == nil {
                error.partial = scanner.summary
                error.partial?.bytesRead = offset
            }
            throw error
        }
        var summary = scanner.summary
        summary.bytesRead = offset
        return summary
    }

    /// Parses an `export.xml` given as consecutive chunks (for tests and for callers that stream XML themselves).
    ///
    /// Zip archives need random access and must go through ``parse(path:progress:onRecord:)``.
    public func parse(
        bytes chunks: some Sequence<[UInt8]>, onWorkout: (HealthWorkout) throws -> Void = { _ in },
        onRecord: (HealthRecord) throws -> Void
    ) throws -> AppleHealthSummary {
        let scanner = HealthExportScanner(limits: limits)
        var total: Int64 = 0
        var first = true
        do {
            for chunk in chunks {
                if first, !chunk.isEmpty {
                    first = false
                    if ZipArchiveReader.isZip(Array(chunk.prefix(4))) {
                        throw AppleHealthImportError(.zipFromBytes)
                    }
                }
                total += Int64(chunk.count)
                try chunk.withUnsafeBytes { try scanner.feed($0, onRecord: onRecord) }
                for workout in scanner.takeWorkouts() { try onWorkout(workout) }
            }
            try scanner.finish()
        } catch let notExport as NotAHealthExport {
            throw AppleHealthImportError(.notAnExport(notExport.why))
        }
        var summary = scanner.summary
        summary.bytesRead = total
        return summary
    }
}
