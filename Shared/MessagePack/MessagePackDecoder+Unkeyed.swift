/// Reads array elements in order, one cursor moving through the input.
struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let decoder: _MessagePackDecoder
    /// Where the array's header starts.
    let start: Int
    /// The nesting depth of the elements.
    let depth: Int
    let pathCount: Int
    let extraPath: [any CodingKey]
    let total: Int
    private(set) var currentIndex = 0
    private var cursor: Int

    /// Opens the array at `offset`, a value at nesting `depth`.
    init(decoder: _MessagePackDecoder, at offset: Int, depth: Int, pathCount: Int, extraPath: [any CodingKey]) throws {
        let reader = decoder.state.reader
        let (header, contents) = try reader.header(at: offset, limits: decoder.state.limits)
        guard case .array(let count) = header else { throw reader.mismatch("array", header, at: offset) }
        guard depth < decoder.state.limits.maxDepth else { throw MessagePackError(.depthExceeded, offset: offset) }
        self.decoder = decoder
        self.start = offset
        self.depth = depth + 1
        self.pathCount = pathCount
        self.extraPath = extraPath
        self.total = count
        self.cursor = contents
        if count == 0 { decoder.noteEnd(of: offset, at: contents) }
    }

    var codingPath: [any CodingKey] { Array(decoder.codingPath.prefix(pathCount)) + extraPath }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    private var reader: ByteReader { decoder.state.reader }
    private var limits: MessagePackLimits { decoder.state.limits }

    private func elementPath(_ index: Int) -> [any CodingKey] {
        codingPath + [IndexKey(index)]
    }

    private func ensureElement() throws {
        guard !isAtEnd else {
            throw MessagePackError(.valueNotFound, offset: cursor, codingPath: renderPath(elementPath(currentIndex)))
        }
    }

    private mutating func advance(to end: Int) {
        cursor = end
        currentIndex += 1
        if currentIndex == total { decoder.noteEnd(of: start, at: end) }
    }

    @inline(__always)
    private mutating func read<T>(_ body: (ByteReader, Int, MessagePackLimits) throws -> (T, Int)) throws -> T {
        try ensureElement()
        let offset = cursor
        let reader = reader
        let limits = limits
        let (value, end) = try decoder.tagging(elementPath(currentIndex)) { try body(reader, offset, limits) }
        advance(to: end)
        return value
    }

    mutating func decodeNil() throws -> Bool {
        try ensureElement()
        guard try decoder.tagging(elementPath(currentIndex), { try reader.isNil(at: cursor) }) else { return false }
        advance(to: cursor + 1)
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read { try $0.readBool(at: $1, limits: $2) } }
    mutating func decode(_ type: String.Type) throws -> String { try read { try $0.readString(at: $1, limits: $2) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try read { try $0.readDouble(at: $1, limits: $2) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try read { try $0.readFloat(at: $1, limits: $2) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    private mutating func integer<I: FixedWidthInteger>() throws -> I {
        try read { try $0.readInteger(I.self, at: $1, limits: $2) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ensureElement()
        var end = 0
        let value = try decoder.decodeValue(
            type, at: cursor, depth: depth, key: IndexKey(currentIndex), extraPath: extraPath, needEnd: true, end: &end
        )
        advance(to: end)
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try ensureElement()
        let path = extraPath + [IndexKey(currentIndex)]
        let offset = cursor
        let index = try decoder.tagging(codingPath + [IndexKey(currentIndex)]) { try MapIndex(decoder.state, at: offset, depth: depth) }
        advance(to: index.end)
        return KeyedDecodingContainer(KeyedDecoder<NestedKey>(decoder: decoder, index: index, depth: depth + 1, pathCount: pathCount, extraPath: path))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try ensureElement()
        let path = extraPath + [IndexKey(currentIndex)]
        let offset = cursor
        let (nested, end) = try decoder.tagging(codingPath + [IndexKey(currentIndex)]) {
            let nested = try UnkeyedDecoder(decoder: decoder, at: offset, depth: depth, pathCount: pathCount, extraPath: path)
            return (nested, try reader.skipValue(at: offset, depth: depth, limits: limits, strict: false))
        }
        advance(to: end)
        return nested
    }

    mutating func superDecoder() throws -> any Decoder {
        try ensureElement()
        let offset = cursor
        let path = codingPath + [IndexKey(currentIndex)]
        let end = try decoder.tagging(path) { try reader.skipValue(at: offset, depth: depth, limits: limits, strict: false) }
        advance(to: end)
        return _MessagePackDecoder(state: decoder.state, codingPath: path, userInfo: decoder.sendableUserInfo, offset: offset, depth: depth)
    }
}
