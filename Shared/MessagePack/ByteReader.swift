/// The start of one encoded value, as read from its format byte and length fields.
enum Header {
    case nil_
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case float32(Float)
    case float64(Double)
    /// Payload start and length.
    case str(Int, Int)
    case bin(Int, Int)
    /// Element count; the elements start where the header ends.
    case array(Int)
    /// Entry count; the entries start where the header ends.
    case map(Int)
    /// Extension type, payload start and length.
    case ext(Int8, Int, Int)

    var family: String {
        switch self {
        case .nil_: "nil"
        case .bool: "bool"
        case .int, .uint: "int"
        case .float32: "float32"
        case .float64: "float64"
        case .str: "str"
        case .bin: "bin"
        case .array: "array"
        case .map: "map"
        case .ext(let type, _, _): type == -1 ? "timestamp" : "ext"
        }
    }
}

/// Bounds-checked big-endian reads over borrowed bytes. Every read throws instead of trapping.
struct ByteReader {
    var base: UnsafeRawPointer?
    var count: Int
    /// The bytes were checked strictly as one value already (they are a ``MessagePackRaw``'s):
    /// str payloads and map keys need no second UTF-8 check. Bounds, lengths, nesting and
    /// limits are checked all the same.
    var textChecked: Bool

    init(_ buffer: UnsafeRawBufferPointer, textChecked: Bool = false) {
        base = buffer.baseAddress
        count = buffer.count
        self.textChecked = textChecked
    }

    static var empty: ByteReader { ByteReader(UnsafeRawBufferPointer(start: nil, count: 0)) }

    @inline(__always)
    func require(_ length: Int, at offset: Int) throws {
        guard offset >= 0, length <= count &- offset, base != nil else {
            throw MessagePackError(.truncated, offset: offset)
        }
    }

    @inline(__always)
    func byte(at offset: Int) throws -> UInt8 {
        guard offset >= 0, offset < count, let base else { throw MessagePackError(.truncated, offset: offset) }
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// Reads an unsigned big-endian integer; the caller has checked the bounds.
    @inline(__always)
    func uncheckedBig<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type, at offset: Int) -> T {
        T(bigEndian: base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    func big<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type, at offset: Int) throws -> T {
        try require(MemoryLayout<T>.size, at: offset)
        return uncheckedBig(type, at: offset)
    }

    func bytes(_ start: Int, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base.unsafelyUnwrapped + start, count: length)
    }

    /// Reads the header at `offset`. Returns it with the offset just past it, or, for str, bin and
    /// ext, just past the payload. Lengths and counts are checked against the remaining input first,
    /// then against `limits`.
    func header(at offset: Int, limits: MessagePackLimits) throws -> (Header, Int) {
        let format = try byte(at: offset)
        let next = offset &+ 1
        switch format {
        case 0x00...0x7f: return (.uint(UInt64(format)), next)
        case 0xe0...0xff: return (.int(Int64(Int8(bitPattern: format))), next)
        case 0x80...0x8f: return try container(isMap: true, Int(format & 0x0f), offset, next, limits)
        case 0x90...0x9f: return try container(isMap: false, Int(format & 0x0f), offset, next, limits)
        case 0xa0...0xbf: return try payload(.str, Int(format & 0x1f), offset, next, limits)
        case 0xc0: return (.nil_, next)
        case 0xc2: return (.bool(false), next)
        case 0xc3: return (.bool(true), next)
        case 0xc4: return try payload(.bin, Int(try big(UInt8.self, at: next)), offset, next &+ 1, limits)
        case 0xc5: return try payload(.bin, Int(try big(UInt16.self, at: next)), offset, next &+ 2, limits)
        case 0xc6: return try payload(.bin, Int(try big(UInt32.self, at: next)), offset, next &+ 4, limits)
        case 0xc7: return try ext(Int(try big(UInt8.self, at: next)), offset, next &+ 1, limits)
        case 0xc8: return try ext(Int(try big(UInt16.self, at: next)), offset, next &+ 2, limits)
        case 0xc9: return try ext(Int(try big(UInt32.self, at: next)), offset, next &+ 4, limits)
        case 0xca: return (.float32(Float(bitPattern: try big(UInt32.self, at: next))), next &+ 4)
        case 0xcb: return (.float64(Double(bitPattern: try big(UInt64.self, at: next))), next &+ 8)
        case 0xcc: return (.uint(UInt64(try big(UInt8.self, at: next))), next &+ 1)
        case 0xcd: return (.uint(UInt64(try big(UInt16.self, at: next))), next &+ 2)
        case 0xce: return (.uint(UInt64(try big(UInt32.self, at: next))), next &+ 4)
        case 0xcf: return (.uint(try big(UInt64.self, at: next)), next &+ 8)
        case 0xd0: return (.int(Int64(Int8(bitPattern: try big(UInt8.self, at: next)))), next &+ 1)
        case 0xd1: return (.int(Int64(Int16(bitPattern: try big(UInt16.self, at: next)))), next &+ 2)
        case 0xd2: return (.int(Int64(Int32(bitPattern: try big(UInt32.self, at: next)))), next &+ 4)
        case 0xd3: return (.int(Int64(bitPattern: try big(UInt64.self, at: next))), next &+ 8)
        case 0xd4: return try fixext(1, offset, next, limits)
        case 0xd5: return try fixext(2, offset, next, limits)
        case 0xd6: return try fixext(4, offset, next, limits)
        case 0xd7: return try fixext(8, offset, next, limits)
        case 0xd8: return try fixext(16, offset, next, limits)
        case 0xd9: return try payload(.str, Int(try big(UInt8.self, at: next)), offset, next &+ 1, limits)
        case 0xda: return try payload(.str, Int(try big(UInt16.self, at: next)), offset, next &+ 2, limits)
        case 0xdb: return try payload(.str, Int(try big(UInt32.self, at: next)), offset, next &+ 4, limits)
        case 0xdc: return try container(isMap: false, Int(try big(UInt16.self, at: next)), offset, next &+ 2, limits)
        case 0xdd: return try container(isMap: false, Int(try big(UInt32.self, at: next)), offset, next &+ 4, limits)
        case 0xde: return try container(isMap: true, Int(try big(UInt16.self, at: next)), offset, next &+ 2, limits)
        case 0xdf: return try container(isMap: true, Int(try big(UInt32.self, at: next)), offset, next &+ 4, limits)
        default: throw MessagePackError(.invalidFormat(format), offset: offset)
        }
    }

    private enum PayloadKind { case str, bin }

    private func checkRemaining(_ needed: Int, declared: Int, _ offset: Int, _ start: Int) throws {
        let available = count &- start
        guard needed <= available else {
            throw MessagePackError(.lengthBeyondInput(declared: UInt64(declared), available: max(available, 0)), offset: offset)
        }
    }

    private func payload(_ kind: PayloadKind, _ length: Int, _ offset: Int, _ start: Int, _ limits: MessagePackLimits) throws -> (Header, Int) {
        try checkRemaining(length, declared: length, offset, start)
        switch kind {
        case .str:
            guard length <= limits.maxStringLength else {
                throw MessagePackError(.limitExceeded("string length \(length) exceeds maxStringLength \(limits.maxStringLength)"), offset: offset)
            }
            return (.str(start, length), start &+ length)
        case .bin:
            guard length <= limits.maxBinaryLength else {
                throw MessagePackError(.limitExceeded("binary length \(length) exceeds maxBinaryLength \(limits.maxBinaryLength)"), offset: offset)
            }
            return (.bin(start, length), start &+ length)
        }
    }

    private func fixext(_ length: Int, _ offset: Int, _ typeOffset: Int, _ limits: MessagePackLimits) throws -> (Header, Int) {
        try ext(length, offset, typeOffset, limits)
    }

    private func ext(_ length: Int, _ offset: Int, _ typeOffset: Int, _ limits: MessagePackLimits) throws -> (Header, Int) {
        let type = Int8(bitPattern: try byte(at: typeOffset))
        let start = typeOffset &+ 1
        try checkRemaining(length, declared: length, offset, start)
        guard length <= limits.maxBinaryLength else {
            throw MessagePackError(.limitExceeded("extension length \(length) exceeds maxBinaryLength \(limits.maxBinaryLength)"), offset: offset)
        }
        return (.ext(type, start, length), start &+ length)
    }

    private func container(isMap: Bool, _ count: Int, _ offset: Int, _ start: Int, _ limits: MessagePackLimits) throws -> (Header, Int) {
        try checkRemaining(isMap ? count &* 2 : count, declared: count, offset, start)
        guard count <= limits.maxContainerCount else {
            let what = isMap ? "map" : "array"
            throw MessagePackError(.limitExceeded("\(what) count \(count) exceeds maxContainerCount \(limits.maxContainerCount)"), offset: offset)
        }
        return (isMap ? .map(count) : .array(count), start)
    }
}
