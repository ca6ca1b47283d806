/// Writes map entries straight into the output; the map header is patched when the map closes.
struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: _MessagePackEncoder
    let level: Int
    let id: Int
    let pathCount: Int
    /// Keys of nested containers below the encoder's path.
    let extraPath: [any CodingKey]

    var codingPath: [any CodingKey] { Array(encoder.codingPath.prefix(pathCount)) + extraPath }

    @inline(__always)
    private func begin(_ key: Key) throws {
        try encoder.state.beginElement(level: level, id: id, codingPath: codingPath + [key])
        try encoder.write(key: key, path: codingPath + [key])
    }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>(_ value: T, _ key: Key) throws {
        try begin(key)
        Pack.integer(value, into: &encoder.state.bytes)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try begin(key)
        encoder.state.bytes.append(0xc0)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        Pack.bool(value, into: &encoder.state.bytes)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try begin(key)
        try encoder.write(value, path: codingPath + [key])
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try begin(key)
        Pack.double(value, into: &encoder.state.bytes)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try begin(key)
        Pack.float(value, into: &encoder.state.bytes)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try encoder.encodeValue(value, level: level + 1, key: key, extraPath: extraPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let (level, id) = beginNested(key, isMap: true)
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(encoder: encoder, level: level, id: id, pathCount: pathCount, extraPath: extraPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let (level, id) = beginNested(key, isMap: false)
        return UnkeyedEncoder(encoder: encoder, level: level, id: id, pathCount: pathCount, extraPath: extraPath + [key])
    }

    private func beginNested(_ key: Key, isMap: Bool) -> (level: Int, id: Int) {
        do {
            try begin(key)
        } catch {
            encoder.state.fail(error)
        }
        return encoder.state.push(isMap: isMap)
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(key: AnyCodingKey(stringValue: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key: key)
    }

    private func superEncoder<K: CodingKey>(key: K) -> any Encoder {
        do {
            try encoder.state.beginElement(level: level, id: id, codingPath: codingPath + [key])
            try encoder.write(key: key, path: codingPath + [key])
        } catch {
            encoder.state.fail(error)
        }
        return encoder.deferredEncoder(parentLevel: level, path: codingPath + [key])
    }
}

extension _MessagePackEncoder {
    /// An encoder for a value of the container at `parentLevel` that is written later, if at all.
    func deferredEncoder(parentLevel: Int, path: [any CodingKey]) -> any Encoder {
        if parentLevel < state.open.count {
            state.open[parentLevel].pendingValue = state.bytes.count
        }
        return _MessagePackEncoder(state: state, codingPath: path, userInfo: sendableUserInfo, level: parentLevel + 1, start: state.bytes.count)
    }
}
