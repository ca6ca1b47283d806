import Foundation

/// Typed reads of single values. Each returns the value and the offset just past it.
extension ByteReader {
    func mismatch(_ expected: String, _ header: Header, at offset: Int) -> MessagePackError {
        if case .nil_ = header { return MessagePackError(.valueNotFound, offset: offset) }
        return MessagePackError(.typeMismatch(expected: expected, found: header.family), offset: offset)
    }

    func isNil(at offset: Int) throws -> Bool {
        try byte(at: offset) == 0xc0
    }

    func readBool(at offset: Int, limits: MessagePackLimits) throws -> (Bool, Int) {
        switch try byte(at: offset) {
        case 0xc2: return (false, offset &+ 1)
        case 0xc3: return (true, offset &+ 1)
        default:
            let (header, _) = try header(at: offset, limits: limits)
            throw mismatch("bool", header, at: offset)
        }
    }

    func readString(at offset: Int, limits: MessagePackLimits) throws -> (String, Int) {
        let format = try byte(at: offset)
        let start: Int, length: Int
        if format & 0xe0 == 0xa0, Int(format & 0x1f) <= count &- offset &- 1, limits.maxStringLength >= 31 {
            start = offset &+ 1
            length = Int(format & 0x1f)
        } else {
            let (header, _) = try header(at: offset, limits: limits)
            guard case .str(let s, let l) = header else { throw mismatch("str", header, at: offset) }
            start = s
            length = l
        }
        return (try string(start, length, header: offset), start &+ length)
    }

    @inline(__always)
    func readInteger<I: FixedWidthInteger>(_ type: I.Type, at offset: Int, limits: MessagePackLimits) throws -> (I, Int) {
        let format = try byte(at: offset)
        if format < 0x80 { return (I(format), offset &+ 1) }
        let (header, end) = try header(at: offset, limits: limits)
        let value: I?
        switch header {
        case .int(let int): value = I(exactly: int)
        case .uint(let uint): value = I(exactly: uint)
        default: throw mismatch("int", header, at: offset)
        }
        guard let value else { throw MessagePackError(.integerOverflow, offset: offset) }
        return (value, end)
    }

    func readDouble(at offset: Int, limits: MessagePackLimits) throws -> (Double, Int) {
        let (header, end) = try header(at: offset, limits: limits)
        switch header {
        case .float64(let value): return (value, end)
        case .float32(let value): return (Double(value), end)
        case .int(let value): return (Double(value), end)
        case .uint(let value): return (Double(value), end)
        default: throw mismatch("float", header, at: offset)
        }
    }

    func readFloat(at offset: Int, limits: MessagePackLimits) throws -> (Float, Int) {
        let (header, end) = try header(at: offset, limits: limits)
        switch header {
        case .float32(let value): return (value, end)
        case .float64(let value):
            let narrowed = Float(value)
            guard narrowed.isFinite || !value.isFinite else {
                throw MessagePackError(.typeMismatch(expected: "float32", found: "float64 beyond the Float range"), offset: offset)
            }
            return (narrowed, end)
        default: throw mismatch("float32", header, at: offset)
        }
    }

    func readBinary(at offset: Int, limits: MessagePackLimits) throws -> (UnsafeRawBufferPointer, Int) {
        let (header, end) = try header(at: offset, limits: limits)
        guard case .bin(let start, let length) = header else { throw mismatch("bin", header, at: offset) }
        return (bytes(start, length), end)
    }

    func readData(at offset: Int, limits: MessagePackLimits) throws -> (Data, Int) {
        let (payload, end) = try readBinary(at: offset, limits: limits)
        return (Data(payload), end)
    }

    func readTimestamp(at offset: Int, limits: MessagePackLimits) throws -> (MessagePackTimestamp, Int) {
        let (header, end) = try header(at: offset, limits: limits)
        guard case .ext(let type, let start, let length) = header, type == -1 else {
            throw mismatch("timestamp", header, at: offset)
        }
        return (try timestamp(at: offset, start: start, length: length), end)
    }

    func readRaw(at offset: Int, depth: Int, limits: MessagePackLimits) throws -> (MessagePackRaw, Int) {
        let end = try skipValue(at: offset, depth: depth, limits: limits, strict: !textChecked)
        return (MessagePackRaw(unchecked: [UInt8](bytes(offset, end &- offset))), end)
    }
}
