import Foundation

/// A standalone validator: finds where one encoded value ends without decoding it.
///
/// It checks everything the decoder checks (format bytes, lengths against the input and the
/// limits, nesting depth, UTF-8 in strings, timestamp extensions) and allocates nothing.
public enum MessagePackScanner {
    /// Validates the value starting at `offset` and returns the offset just past it.
    /// - Throws: ``MessagePackError`` naming the offset of the first problem.
    public static func skipValue(
        in bytes: UnsafeRawBufferPointer,
        at offset: Int,
        limits: MessagePackLimits = .default
    ) throws -> Int {
        try ByteReader(bytes).skipValue(at: offset, depth: 0, limits: limits, strict: true)
    }

    /// Validates the value starting at `offset` and returns the offset just past it.
    /// - Throws: ``MessagePackError`` naming the offset of the first problem.
    public static func skipValue(
        in bytes: [UInt8],
        at offset: Int,
        limits: MessagePackLimits = .default
    ) throws -> Int {
        try bytes.withUnsafeBytes { try skipValue(in: $0, at: offset, limits: limits) }
    }
}

extension ByteReader {
    /// Returns the end of the value at `offset`, whose containers would be at nesting `depth + 1`.
    /// `strict` also validates str payloads as UTF-8 and timestamp extensions.
    func skipValue(at offset: Int, depth: Int, limits: MessagePackLimits, strict: Bool) throws -> Int {
        let format = try byte(at: offset)
        if format < 0x80 || format >= 0xe0 || format == 0xc0 || format == 0xc2 || format == 0xc3 {
            return offset &+ 1
        }
        if !strict {
            if format & 0xe0 == 0xa0 {
                let length = Int(format & 0x1f)
                if length < count &- offset, length <= limits.maxStringLength { return offset &+ 1 &+ length }
            } else if format == 0xd9, offset &+ 1 < count, let base {
                let length = Int(base.load(fromByteOffset: offset &+ 1, as: UInt8.self))
                if length <= count &- offset &- 2, length <= limits.maxStringLength { return offset &+ 2 &+ length }
            } else if format >= 0xd4, format <= 0xd8 {
                let length = 1 &<< Int(format &- 0xd4)
                if length <= count &- offset &- 2, length <= limits.maxBinaryLength { return offset &+ 2 &+ length }
            }
        }
        if format == 0xcb, 8 < count &- offset { return offset &+ 9 }
        let (header, end) = try header(at: offset, limits: limits)
        switch header {
        case .array(let count):
            guard depth < limits.maxDepth else { throw MessagePackError(.depthExceeded, offset: offset) }
            var position = end
            for _ in 0..<count {
                position = try skipValue(at: position, depth: depth &+ 1, limits: limits, strict: strict)
            }
            return position
        case .map(let count):
            guard depth < limits.maxDepth else { throw MessagePackError(.depthExceeded, offset: offset) }
            if strict, limits.requireUniqueStringKeys, count > 0 {
                return try skipEntriesCheckingKeys(at: end, count: count, depth: depth &+ 1, limits: limits)
            }
            var position = end
            for _ in 0..<count {
                position = try skipValue(at: position, depth: depth &+ 1, limits: limits, strict: strict)
                position = try skipValue(at: position, depth: depth &+ 1, limits: limits, strict: strict)
            }
            return position
        case .str(let start, let length):
            if strict, !isValidUTF8(bytes(start, length)) {
                throw MessagePackError(.invalidUTF8, offset: offset)
            }
            return end
        case .ext(let type, let start, let length):
            if strict, type == -1 {
                _ = try timestamp(at: offset, start: start, length: length)
            }
            return end
        default:
            return end
        }
    }

    /// Decodes the payload of a timestamp extension whose header starts at `offset`.
    func timestamp(at offset: Int, start: Int, length: Int) throws -> MessagePackTimestamp {
        switch length {
        case 4:
            return MessagePackTimestamp(seconds: Int64(uncheckedBig(UInt32.self, at: start)), nanoseconds: 0)
        case 8:
            let packed = uncheckedBig(UInt64.self, at: start)
            let nanoseconds = UInt32(truncatingIfNeeded: packed >> 34)
            guard nanoseconds <= 999_999_999 else { throw MessagePackError(.invalidTimestamp, offset: offset) }
            return MessagePackTimestamp(seconds: Int64(packed & 0x3_ffff_ffff), nanoseconds: nanoseconds)
        case 12:
            let nanoseconds = uncheckedBig(UInt32.self, at: start)
            guard nanoseconds <= 999_999_999 else { throw MessagePackError(.invalidTimestamp, offset: offset) }
            let seconds = Int64(bitPattern: uncheckedBig(UInt64.self, at: start &+ 4))
            return MessagePackTimestamp(seconds: seconds, nanoseconds: nanoseconds)
        default:
            throw MessagePackError(.invalidTimestamp, offset: offset)
        }
    }
}

extension ByteReader {
    /// Skips (strictly) the `count` entries of a map that start at `start`, checking that each
    /// key is a str and that no key appears twice.
    func skipEntriesCheckingKeys(at start: Int, count: Int, depth: Int, limits: MessagePackLimits) throws -> Int {
        try withUnsafeTemporaryAllocation(of: (offset: Int, start: Int, length: Int).self, capacity: count) { keys in
            var position = start
            for index in 0..<count {
                let (header, end) = try header(at: position, limits: limits)
                guard case .str(let keyStart, let length) = header else {
                    throw MessagePackError(.nonStringKey, offset: position)
                }
                guard isValidUTF8(bytes(keyStart, length)) else { throw MessagePackError(.invalidUTF8, offset: position) }
                keys[index] = (position, keyStart, length)
                position = try skipValue(at: end, depth: depth, limits: limits, strict: true)
            }
            try requireUnique(keys)
            return position
        }
    }

    /// Throws `.duplicateKey` for the second of two equal keys. Pairwise for small maps (the
    /// usual record of a few fields); sorted by length and bytes for larger ones, so that a map
    /// of 100,000 keys costs n log n, not n².
    private func requireUnique(_ buffer: UnsafeMutableBufferPointer<(offset: Int, start: Int, length: Int)>) throws {
        var keys = buffer
        func equal(_ a: (offset: Int, start: Int, length: Int), _ b: (offset: Int, start: Int, length: Int)) -> Bool {
            a.length == b.length && (a.length == 0 || memcmp(bytes(a.start, a.length).baseAddress!, bytes(b.start, b.length).baseAddress!, a.length) == 0)
        }
        func duplicate(_ key: (offset: Int, start: Int, length: Int)) -> MessagePackError {
            let text = String(decoding: bytes(key.start, min(key.length, 40)), as: UTF8.self)
            return MessagePackError(.duplicateKey(text), offset: key.offset)
        }
        if keys.count <= 16 {
            for later in 1..<max(keys.count, 1) {
                for earlier in 0..<later where equal(keys[earlier], keys[later]) {
                    throw duplicate(keys[later])
                }
            }
            return
        }
        keys.sort { a, b in
            if a.length != b.length { return a.length < b.length }
            guard a.length > 0 else { return a.offset < b.offset }
            let order = memcmp(bytes(a.start, a.length).baseAddress!, bytes(b.start, b.length).baseAddress!, a.length)
            return order != 0 ? order < 0 : a.offset < b.offset
        }
        for index in 1..<keys.count where equal(keys[index - 1], keys[index]) {
            throw duplicate(keys[index])
        }
    }
}
