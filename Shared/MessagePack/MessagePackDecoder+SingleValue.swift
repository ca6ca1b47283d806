/// Reads the current value directly.
struct SingleValueDecoder: SingleValueDecodingContainer {
    let decoder: _MessagePackDecoder
    let offset: Int
    let depth: Int
    let pathCount: Int

    var codingPath: [any CodingKey] { Array(decoder.codingPath.prefix(pathCount)) }

    private var reader: ByteReader { decoder.state.reader }
    private var limits: MessagePackLimits { decoder.state.limits }

    @inline(__always)
    private func read<T>(_ body: (Int) throws -> (T, Int)) throws -> T {
        let (value, end) = try decoder.tagging(codingPath) { try body(offset) }
        decoder.noteEnd(of: offset, at: end)
        return value
    }

    func decodeNil() -> Bool {
        guard (try? reader.isNil(at: offset)) == true else { return false }
        decoder.noteEnd(of: offset, at: offset + 1)
        return true
    }

    func decode(_ type: Bool.Type) throws -> Bool { try read { try reader.readBool(at: $0, limits: limits) } }
    func decode(_ type: String.Type) throws -> String { try read { try reader.readString(at: $0, limits: limits) } }
    func decode(_ type: Double.Type) throws -> Double { try read { try reader.readDouble(at: $0, limits: limits) } }
    func decode(_ type: Float.Type) throws -> Float { try read { try reader.readFloat(at: $0, limits: limits) } }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    private func integer<I: FixedWidthInteger>() throws -> I {
        try read { try reader.readInteger(I.self, at: $0, limits: limits) }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        var end = 0
        let value = try decoder.decodeValue(type, at: offset, depth: depth, needEnd: false, end: &end)
        if end >= 0 { decoder.noteEnd(of: offset, at: end) }
        return value
    }
}
