import QuenchStrings

/// Minimal zip reading: central directory (with ZIP64), local headers for truncated archives,
/// and streaming inflate of one entry with zip-bomb checks.
struct ZipArchiveReader {
    static let localSignature: UInt32 = 0x0403_4b50
    private static let centralSignature: UInt32 = 0x0201_4b50
    private static let endSignature: UInt32 = 0x0605_4b50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4b50
    private static let zip64EndSignature: UInt32 = 0x0606_4b50
    private static let maxCentralDirectoryBytes: Int64 = 256 << 20
    private static let chunkSize = 256 << 10

    let file: InputFile
    let limits: AppleHealthLimits

    /// True if the bytes start like a zip archive.
    static func isZip(_ head: [UInt8]) -> Bool {
        head.count >= 4 && head[0] == 0x50 && head[1] == 0x4B && (head[2] == 3 && head[3] == 4 || head[2] == 5 && head[3] == 6)
    }

    /// Entries listed in the central directory, or nil if the archive has none (truncated).
    func centralDirectory() throws -> [ZipEntryInfo]? {
        let tailLength = Int(min(file.size, 65_557))
        let tailStart = file.size - Int64(tailLength)
        let tail = try file.bytes(at: tailStart, count: tailLength)
        guard tail.count >= 22 else { return nil }
        var eocd = -1
        var i = tail.count - 22
        while i >= 0 {
            if Self.u32(tail, i) == Self.endSignature { eocd = i; break }
            i -= 1
        }
        guard eocd >= 0 else { return nil }
        var entryCount = Int64(Self.u16(tail, eocd + 10))
        var cdSize = Int64(Self.u32(tail, eocd + 12))
        var cdOffset = Int64(Self.u32(tail, eocd + 16))
        if entryCount == 0xFFFF || cdSize == 0xFFFF_FFFF || cdOffset == 0xFFFF_FFFF {
            let locatorAt = eocd - 20
            guard locatorAt >= 0, Self.u32(tail, locatorAt) == Self.zip64LocatorSignature else { return nil }
            let end64Offset = Int64(Self.u64(tail, locatorAt + 8))
            let end64 = try file.bytes(at: end64Offset, count: 56)
            guard end64.count == 56, Self.u32(end64, 0) == Self.zip64EndSignature else { return nil }
            entryCount = Int64(Self.u64(end64, 32))
            cdSize = Int64(Self.u64(end64, 40))
            cdOffset = Int64(Self.u64(end64, 48))
        }
        guard cdSize <= Self.maxCentralDirectoryBytes, cdOffset + cdSize <= file.size else { return nil }
        let cd = try file.bytes(at: cdOffset, count: Int(cdSize))
        var entries: [ZipEntryInfo] = []
        var p = 0
        while entries.count < entryCount, p + 46 <= cd.count, Self.u32(cd, p) == Self.centralSignature {
            let nameLength = Int(Self.u16(cd, p + 28))
            let extraLength = Int(Self.u16(cd, p + 30))
            let commentLength = Int(Self.u16(cd, p + 32))
            guard p + 46 + nameLength + extraLength <= cd.count else { break }
            var compressed = Int64(Self.u32(cd, p + 20))
            var uncompressed = Int64(Self.u32(cd, p + 24))
            var offset = Int64(Self.u32(cd, p + 42))
            Self.applyZip64(cd, from: p + 46 + nameLength, length: extraLength,
                            uncompressed: &uncompressed, compressed: &compressed, offset: &offset)
            entries.append(ZipEntryInfo(
                name: String(decoding: cd[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self),
                method: Self.u16(cd, p + 10), flags: Self.u16(cd, p + 8),
                compressedSize: compressed, uncompressedSize: uncompressed, localHeaderOffset: offset))
            p += 46 + nameLength + extraLength + commentLength
        }
        return entries
    }

    /// The entry whose local header is at `offset`, with where its data starts; nil if there is none.
    func localHeader(at offset: Int64) throws -> (entry: ZipEntryInfo, dataStart: Int64)? {
        let h = try file.bytes(at: offset, count: 30)
        guard h.count == 30, Self.u32(h, 0) == Self.localSignature else { return nil }
        let flags = Self.u16(h, 6)
        let nameLength = Int(Self.u16(h, 26))
        let extraLength = Int(Self.u16(h, 28))
        let rest = try file.bytes(at: offset + 30, count: nameLength + extraLength)
        guard rest.count == nameLength + extraLength else { return nil }
        var compressed = Int64(Self.u32(h, 18))
        var uncompressed = Int64(Self.u32(h, 22))
        var ignored: Int64 = 0
        Self.applyZip64(rest, from: nameLength, length: extraLength,
                        uncompressed: &uncompressed, compressed: &compressed, offset: &ignored)
        let sizesUnknown = flags & 8 != 0 && compressed == 0
        let entry = ZipEntryInfo(
            name: String(decoding: rest[0..<nameLength], as: UTF8.self), method: Self.u16(h, 8), flags: flags,
            compressedSize: sizesUnknown ? nil : compressed, uncompressedSize: sizesUnknown ? nil : uncompressed,
            localHeaderOffset: offset)
        return (entry, offset + 30 + Int64(nameLength + extraLength))
    }

    /// Offset of the next local header signature at or after `offset`, if any.
    func nextLocalHeader(from offset: Int64) throws -> Int64? {
        var at = offset
        while at < file.size {
            let window = try file.bytes(at: at, count: Self.chunkSize + 3)
            guard window.count >= 4 else { return nil }
            for k in 0..<(window.count - 3) where window[k] == 0x50 && Self.u32(window, k) == Self.localSignature {
                return at + Int64(k)
            }
            at += Int64(window.count - 3)
        }
        return nil
    }

    /// Streams the entry's uncompressed bytes to `consume`, enforcing the size and ratio limits.
    func inflate(
        _ entry: ZipEntryInfo, dataStart: Int64, progress: ((Int64, Int64) -> Void)?,
        consume: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        if let declared = entry.uncompressedSize, declared > limits.maxUncompressedBytes {
            throw AppleHealthImportError(.zipBombDeclaredSize(entry: entry.name, declared: Int64(declared), limit: Int64(limits.maxUncompressedBytes)))
        }
        if let c = entry.compressedSize, let u = entry.uncompressedSize, c > 0, u > 1 << 20,
           Double(u) / Double(c) > limits.maxCompressionRatio {
            throw AppleHealthImportError(.zipBombDeclaredRatio(entry: entry.name, ratio: Int(Double(u) / Double(c)), limit: Int(limits.maxCompressionRatio)))
        }
        let available = file.size - dataStart
        let compressedLimit = min(entry.compressedSize ?? available, available)
        var provided: Int64 = 0
        var produced: Int64 = 0
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { input.deallocate() }
        func checked(_ piece: UnsafeRawBufferPointer) throws {
            produced += Int64(piece.count)
            if produced > limits.maxUncompressedBytes {
                throw AppleHealthImportError(.zipBombInflatedSize(entry: entry.name, limit: Int64(limits.maxUncompressedBytes)))
            }
            if produced > 1 << 20, Double(produced) > limits.maxCompressionRatio * Double(max(provided, 1)) {
                throw AppleHealthImportError(.zipBombInflatedRatio(entry: entry.name, limit: Int(limits.maxCompressionRatio)))
            }
            try consume(piece)
        }
        func read() throws -> UnsafeRawBufferPointer {
            let want = Int(min(Int64(Self.chunkSize), compressedLimit - provided))
            guard want > 0 else { throw truncated(entry, at: dataStart + provided) }
            let got = try file.read(at: dataStart + provided, count: want, into: input.baseAddress!)
            guard got > 0 else { throw truncated(entry, at: dataStart + provided) }
            provided += Int64(got)
            progress?(dataStart + provided, file.size)
            return UnsafeRawBufferPointer(rebasing: input[0..<got])
        }
        switch entry.method {
        case 0:
            guard let size = entry.compressedSize else {
                throw AppleHealthImportError(.zipEntryWithoutSize(entry: entry.name))
            }
            while provided < size { try checked(try read()) }
        case 8:
            let inflater = try ZlibInflater(outputSize: Self.chunkSize)
            while !inflater.finished {
                let chunk = try read()
                do {
                    _ = try inflater.feed(chunk) { try checked($0) }
                } catch let error as ZlibDataError {
                    throw AppleHealthImportError(.zipEntryCorrupt(entry: entry.name, detail: error.message), byteOffset: dataStart + provided)
                }
            }
        default:
            throw AppleHealthImportError(.zipEntryCompression(entry: entry.name, method: Int(entry.method)))
        }
    }

    private func truncated(_ entry: ZipEntryInfo, at offset: Int64) -> AppleHealthImportError {
        AppleHealthImportError(.zipEntryTruncated(entry: entry.name), byteOffset: offset)
    }

    private static func applyZip64(
        _ b: [UInt8], from start: Int, length: Int,
        uncompressed: inout Int64, compressed: inout Int64, offset: inout Int64
    ) {
        var p = start
        let end = start + length
        while p + 4 <= end {
            let id = u16(b, p)
            let size = Int(u16(b, p + 2))
            if id == 1 {
                var q = p + 4
                if uncompressed == 0xFFFF_FFFF, q + 8 <= p + 4 + size { uncompressed = Int64(u64(b, q)); q += 8 }
                if compressed == 0xFFFF_FFFF, q + 8 <= p + 4 + size { compressed = Int64(u64(b, q)); q += 8 }
                if offset == 0xFFFF_FFFF, q + 8 <= p + 4 + size { offset = Int64(u64(b, q)) }
                return
            }
            p += 4 + size
        }
    }

    static func u16(_ b: [UInt8], _ i: Int) -> UInt16 { UInt16(b[i]) | UInt16(b[i + 1]) << 8 }
    static func u32(_ b: [UInt8], _ i: Int) -> UInt32 { UInt32(u16(b, i)) | UInt32(u16(b, i + 2)) << 16 }
    static func u64(_ b: [UInt8], _ i: Int) -> UInt64 { UInt64(u32(b, i)) | UInt64(u32(b, i + 4)) << 32 }
}
