/// Reads map entries through a ``MapIndex`` built when the container is created.
struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: _MessagePackDecoder
    let index: MapIndex
    /// The nesting depth of the map's values.
    let depth: Int
    let pathCount: Int
    let extraPath: [any CodingKey]

    var codingPath: [any CodingKey] { Array(decoder.codingPath.prefix(pathCount)) + extraPath }

    var allKeys: [Key] { index.keys(as: Key.self) }

    private var reader: ByteReader { decoder.state.reader }
    private var limits: MessagePackLimits { decoder.state.limits }

    func contains(_ key: Key) -> Bool {
        index.lookup(key) != nil
    }

    @inline(__always)
    private func offset(of key: Key) throws -> Int {
        guard let offset = index.lookup(key) else {
            throw MessagePackError(.keyNotFound(key.stringValue), offset: index.offset, codingPath: renderPath(codingPath))
        }
        return offset
    }

    @inline(__always)
    private func read<T>(_ key: Key, _ body: (Int) throws -> (T, Int)) throws -> T {
        let offset = try offset(of: key)
        return try decoder.tagging(codingPath + [key]) { try body(offset).0 }
    }

    @inline(__always)
    private func readIfPresent<T>(_ key: Key, _ body: (Int) throws -> (T, Int)) throws -> T? {
        guard let offset = index.lookup(key), try !reader.isNil(at: offset) else { return nil }
        return try decoder.tagging(codingPath + [key]) { try body(offset).0 }
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let offset = try offset(of: key)
        return try decoder.tagging(codingPath + [key]) { try reader.isNil(at: offset) }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(key) { try reader.readBool(at: $0, limits: limits) } }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(key) { try reader.readString(at: $0, limits: limits) } }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(key) { try reader.readDouble(at: $0, limits: limits) } }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(key) { try reader.readFloat(at: $0, limits: limits) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    private func integer<I: FixedWidthInteger>(_ key: Key) throws -> I {
        try read(key) { try reader.readInteger(I.self, at: $0, limits: limits) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let offset = try offset(of: key)
        var end = 0
        return try decoder.decodeValue(type, at: offset, depth: depth, key: key, extraPath: extraPath, needEnd: false, end: &end)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try readIfPresent(key) { try reader.readBool(at: $0, limits: limits) } }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try readIfPresent(key) { try reader.readString(at: $0, limits: limits) } }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try readIfPresent(key) { try reader.readDouble(at: $0, limits: limits) } }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try readIfPresent(key) { try reader.readFloat(at: $0, limits: limits) } }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(key) }

    private func integerIfPresent<I: FixedWidthInteger>(_ key: Key) throws -> I? {
        try readIfPresent(key) { try reader.readInteger(I.self, at: $0, limits: limits) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let offset = index.lookup(key), try !reader.isNil(at: offset) else { return nil }
        var end = 0
        return try decoder.decodeValue(type, at: offset, depth: depth, key: key, extraPath: extraPath, needEnd: false, end: &end)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let offset = try offset(of: key)
        let index = try decoder.tagging(codingPath + [key]) { try MapIndex(decoder.state, at: offset, depth: depth) }
        return KeyedDecodingContainer(KeyedDecoder<NestedKey>(
            decoder: decoder, index: index, depth: depth + 1, pathCount: pathCount, extraPath: extraPath + [key]
        ))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let offset = try offset(of: key)
        return try decoder.tagging(codingPath + [key]) {
            try UnkeyedDecoder(decoder: decoder, at: offset, depth: depth, pathCount: pathCount, extraPath: extraPath + [key])
        }
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(key: AnyCodingKey(stringValue: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(key: key)
    }

    private func superDecoder<K: CodingKey>(key: K) throws -> any Decoder {
        guard let offset = index.lookup(key) else {
            throw MessagePackError(.keyNotFound(key.stringValue), offset: index.offset, codingPath: renderPath(codingPath))
        }
        return _MessagePackDecoder(state: decoder.state, codingPath: codingPath + [key], userInfo: decoder.sendableUserInfo, offset: offset, depth: depth)
    }
}
