/// Writes the current value directly; a second write is an error.
struct SingleValueEncoder: SingleValueEncodingContainer {
    let encoder: _MessagePackEncoder
    let level: Int
    let start: Int
    let pathCount: Int

    var codingPath: [any CodingKey] { Array(encoder.codingPath.prefix(pathCount)) }

    @inline(__always)
    private func begin() throws {
        guard encoder.state.bytes.count == start else {
            throw EncodingError.invalidValue((), EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "MessagePackEncoder: a single value container already holds a value"
            ))
        }
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
        try begin()
        try encoder.write(value, path: codingPath)
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
        try begin()
        try encoder.encodeValue(value, level: level)
    }
}
