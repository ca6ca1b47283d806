/// Writes array elements straight into the output; the array header is patched when the array closes.
struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let encoder: _MessagePackEncoder
    let level: Int
    let id: Int
    let pathCount: Int
    let extraPath: [any CodingKey]

    var codingPath: [any CodingKey] { Array(encoder.codingPath.prefix(pathCount)) + extraPath }

    var count: Int {
        level < encoder.state.open.count && encoder.state.open[level].id == id ? encoder.state.open[level].count : 0
    }

    @inline(__always)
    private func begin() throws {
        try encoder.state.beginElement(level: level, id: id, codingPath: codingPath + [IndexKey(count)])
    }

    @inline(__always)
    private mutating func integer<T: FixedWidthInteger>(_ value: T) throws {
        try begin()
        Pack.integer(value, into: &encoder.state.bytes)
    }

    mutating func encodeNil() throws {
        try begin()
        encoder.state.bytes.append(0xc0)
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        Pack.bool(value, into: &encoder.state.bytes)
    }

    mutating func encode(_ value: String) throws {
        let index = count
        try begin()
        try encoder.write(value, path: codingPath + [IndexKey(index)])
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        Pack.double(value, into: &encoder.state.bytes)
    }

    mutating func encode(_ value: Float) throws {
        try begin()
        Pack.float(value, into: &encoder.state.bytes)
    }

    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        try begin()
        try encoder.encodeValue(value, level: level + 1, key: IndexKey(index), extraPath: extraPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = IndexKey(count)
        let (level, id) = beginNested(isMap: true)
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(encoder: encoder, level: level, id: id, pathCount: pathCount, extraPath: extraPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = IndexKey(count)
        let (level, id) = beginNested(isMap: false)
        return UnkeyedEncoder(encoder: encoder, level: level, id: id, pathCount: pathCount, extraPath: extraPath + [key])
    }

    private func beginNested(isMap: Bool) -> (level: Int, id: Int) {
        do {
            try begin()
        } catch {
            encoder.state.fail(error)
        }
        return encoder.state.push(isMap: isMap)
    }

    mutating func superEncoder() -> any Encoder {
        let key = IndexKey(count)
        do {
            try begin()
        } catch {
            encoder.state.fail(error)
        }
        return encoder.deferredEncoder(parentLevel: level, path: codingPath + [key])
    }
}
