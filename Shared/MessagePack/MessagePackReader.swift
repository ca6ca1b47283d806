public import Foundation

/// Reads values one at a time from borrowed bytes, with every check ``MessagePackDecoder`` makes:
/// the building block for hand-written decoders of fixed shapes.
///
/// Lengths are checked against the input and ``limits`` before anything is allocated, nesting is
/// bounded by the depth the reader tracks, and malformed input throws ``MessagePackError`` naming
/// the offset (errors carry no coding path; callers add the key they were reading). The reader
/// borrows the buffer: use it only while the buffer is valid.
///
/// ```swift
/// try bytes.withUnsafeBytes { buffer in
///     var reader = MessagePackReader(buffer)
///     for _ in 0..<(try reader.readMapHeader()) {
///         let key = try reader.readKey()       // nil for a key that is not a str
///         try reader.skipValue()
///     }
/// }
/// ```
public struct MessagePackReader {
    private let reader: ByteReader
    /// The bounds enforced.
    public let limits: MessagePackLimits
    /// Where the next value starts.
    public var offset: Int
    /// The nesting depth of the next value: 0 at the top, one more inside each array or map.
    public var depth: Int

    /// Creates a reader at the start of `buffer`.
    public init(_ buffer: UnsafeRawBufferPointer, limits: MessagePackLimits = .default) {
        reader = ByteReader(buffer)
        self.limits = limits
        offset = 0
        depth = 0
    }

    /// The number of bytes in the buffer.
    public var count: Int { reader.count }

    /// Reads a map header and returns its entry count; the entries' keys and values are one level deeper.
    /// - Throws: ``MessagePackError``: `.typeMismatch` (or `.valueNotFound` for nil), `.depthExceeded`, bad lengths.
    public mutating func readMapHeader() throws -> Int {
        let (header, start) = try reader.header(at: offset, limits: limits)
        guard case .map(let count) = header else { throw reader.mismatch("map", header, at: offset) }
        guard depth < limits.maxDepth else { throw MessagePackError(.depthExceeded, offset: offset) }
        offset = start
        depth &+= 1
        return count
    }

    /// Reads an array header and returns its element count; the elements are one level deeper.
    /// - Throws: ``MessagePackError``: `.typeMismatch` (or `.valueNotFound` for nil), `.depthExceeded`, bad lengths.
    public mutating func readArrayHeader() throws -> Int {
        let (header, start) = try reader.header(at: offset, limits: limits)
        guard case .array(let count) = header else { throw reader.mismatch("array", header, at: offset) }
        guard depth < limits.maxDepth else { throw MessagePackError(.depthExceeded, offset: offset) }
        offset = start
        depth &+= 1
        return count
    }

    /// Reads a map key. Returns a str key's UTF-8 bytes (validated; borrowed from the buffer), or
    /// nil after skipping a key of another type.
    public mutating func readKey() throws -> UnsafeRawBufferPointer? {
        let keyOffset = offset
        let format = try reader.byte(at: keyOffset)
        if format & 0xe0 == 0xa0 {
            let length = Int(format & 0x1f)
            if length < reader.count &- keyOffset, length <= limits.maxStringLength {
                let key = reader.bytes(keyOffset &+ 1, length)
                guard isValidUTF8(key) else { throw MessagePackError(.invalidUTF8, offset: keyOffset) }
                offset = keyOffset &+ 1 &+ length
                return key
            }
        }
        let (header, end) = try reader.header(at: keyOffset, limits: limits)
        switch header {
        case .str(let start, let length):
            let key = reader.bytes(start, length)
            guard isValidUTF8(key) else { throw MessagePackError(.invalidUTF8, offset: keyOffset) }
            offset = end
            return key
        case .int, .uint:
            offset = end
        default:
            offset = try reader.skipValue(at: keyOffset, depth: depth, limits: limits, strict: false)
        }
        return nil
    }

    /// Skips the next value, checking its structure and lengths (not the UTF-8 of its strings).
    public mutating func skipValue() throws {
        offset = try reader.skipValue(at: offset, depth: depth, limits: limits, strict: false)
    }

    /// Skips the next value after checking it as ``readRaw()`` does (structure, lengths, the
    /// UTF-8 of its strings, timestamps): for a caller that captures the bytes itself.
    public mutating func skipValidatedValue() throws {
        offset = try reader.skipValue(at: offset, depth: depth, limits: limits, strict: true)
    }

    /// Whether the next value is nil; reads nothing.
    public func peekNil() throws -> Bool {
        try reader.isNil(at: offset)
    }

    /// Reads a str.
    public mutating func readString() throws -> String {
        let (value, end) = try reader.readString(at: offset, limits: limits)
        offset = end
        return value
    }

    /// Reads an integer of any format whose value fits `I`.
    public mutating func readInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        let (value, end) = try reader.readInteger(I.self, at: offset, limits: limits)
        offset = end
        return value
    }

    /// Reads a float64, float32 or integer as `Double`.
    public mutating func readDouble() throws -> Double {
        let (value, end) = try reader.readDouble(at: offset, limits: limits)
        offset = end
        return value
    }

    /// Reads true or false.
    public mutating func readBool() throws -> Bool {
        let (value, end) = try reader.readBool(at: offset, limits: limits)
        offset = end
        return value
    }

    /// Reads a timestamp extension as a `Date`.
    public mutating func readDate() throws -> Date {
        let (value, end) = try reader.readTimestamp(at: offset, limits: limits)
        offset = end
        return value.date
    }

    /// Captures the next value's bytes, fully validated (UTF-8, timestamps, depth).
    public mutating func readRaw() throws -> MessagePackRaw {
        let (value, end) = try reader.readRaw(at: offset, depth: depth, limits: limits)
        offset = end
        return value
    }

    /// Decodes the next value as `T` with the ``MessagePackDecoder`` machinery, at the reader's depth.
    /// Errors name `key` (and the path below it) as their coding path.
    public mutating func decode<T: Decodable>(_ type: T.Type, key: String, userInfo: [CodingUserInfoKey: any Sendable] = [:]) throws -> T {
        let state = DecoderState(reader: reader, limits: limits)
        defer { state.reader = .empty }
        let path: [any CodingKey] = [AnyCodingKey(stringValue: key)]
        let decoder = _MessagePackDecoder(state: state, codingPath: path, userInfo: userInfo, offset: offset, depth: depth)
        var end = 0
        let value = try decoder.decodeValue(type, at: offset, depth: depth, needEnd: true, end: &end)
        offset = end
        return value
    }
}
