import Foundation

/// The `Encoder` handed to `encode(to:)`. One instance serves a whole encode: nested values
/// reuse it with an updated coding path, level and start.
final class _MessagePackEncoder: Encoder {
    let state: EncoderState
    @exclusivity(unchecked) var codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]
    /// The stack level a container of the current value takes.
    @exclusivity(unchecked) var level: Int
    /// The byte offset where the current value starts.
    @exclusivity(unchecked) var start: Int
    /// How the current value's container must be sorted.
    @exclusivity(unchecked) var sortsNextContainer = Sorting.none

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    init(state: EncoderState, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable], level: Int, start: Int) {
        self.state = state
        self.codingPath = codingPath
        self.sendableUserInfo = userInfo
        self.level = level
        self.start = start
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (level, id) = openContainer(isMap: true)
        return KeyedEncodingContainer(KeyedEncoder<Key>(encoder: self, level: level, id: id, pathCount: codingPath.count, extraPath: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (level, id) = openContainer(isMap: false)
        return UnkeyedEncoder(encoder: self, level: level, id: id, pathCount: codingPath.count, extraPath: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueEncoder(encoder: self, level: level, start: start, pathCount: codingPath.count)
    }

    /// Opens the current value's container, or reopens it when asked again (as subclasses do).
    private func openContainer(isMap: Bool) -> (level: Int, id: Int) {
        if level < state.open.count, state.open[level].header == start, state.open[level].isMap == isMap {
            state.close(from: level + 1)
            return (level, state.open[level].id)
        }
        state.close(from: level)
        if state.bytes.count != start {
            state.fail(EncodingError.invalidValue((), EncodingError.Context(
                codingPath: codingPath,
                debugDescription: "MessagePackEncoder: a container was requested for a value that was already encoded"
            )))
        }
        let sorting = sortsNextContainer
        sortsNextContainer = .none
        return state.push(isMap: isMap, sorting: sorting)
    }

    func encodingFailure(_ value: Any, _ reason: String, path: [any CodingKey]? = nil) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(codingPath: path ?? codingPath, debugDescription: "MessagePackEncoder: \(reason)"))
    }

    /// Encodes `value` as the current value's replacement, at stack `level`, with no key of its own.
    func encodeValue<T: Encodable>(_ value: T, level: Int) throws {
        try encodeValue(value, level: level, key: AnyCodingKey(stringValue: ""), extraPath: [], pushesKey: false)
    }

    /// Encodes `value` as a new value under `key` whose container, if any, takes stack `level`.
    func encodeValue<T: Encodable, K: CodingKey>(_ value: T, level: Int, key: K, extraPath: [any CodingKey], pushesKey: Bool = true) throws {
        if Self.isDirect(T.self) {
            return try encodeDirect(value) { pushesKey ? codingPath + extraPath + [key] : codingPath }
        }
        let savedLevel = self.level, savedStart = start, savedCount = codingPath.count
        self.level = level
        start = state.bytes.count
        if !extraPath.isEmpty { codingPath.append(contentsOf: extraPath) }
        if pushesKey { codingPath.append(key) }
        defer {
            self.level = savedLevel
            start = savedStart
            codingPath.removeSubrange(savedCount...)
        }
        if Self.mayBeUnordered(T.self), let collection = value as? any UnorderedCollectionEncodable {
            try collection.encodeSorted(to: self)
        } else {
            try value.encode(to: self)
        }
        state.close(from: level)
        if state.bytes.count == start { state.bytes.append(0x80) }
    }

    /// Whether `type` can be a `Dictionary` or a `Set`: both are one reference wide, so a type of
    /// any other size skips the dynamic cast to `UnorderedCollectionEncodable`, which was a
    /// measurable share of encoding a small struct (DeterminismTests check the layout).
    @inline(__always)
    static func mayBeUnordered<T>(_ type: T.Type) -> Bool {
        MemoryLayout<T>.size == MemoryLayout<UnsafeRawPointer>.size
    }

    /// Whether values of `type` have a direct MessagePack form.
    @inline(__always)
    static func isDirect<T>(_ type: T.Type) -> Bool {
        T.self == String.self || T.self == Int.self || T.self == Date.self || T.self == MessagePackRaw.self
            || T.self == Bool.self || T.self == Double.self || T.self == Float.self || T.self == Int64.self
            || T.self == UInt64.self || T.self == UInt8.self || T.self == Int32.self || T.self == UInt32.self
            || T.self == UInt.self || T.self == Int16.self || T.self == UInt16.self || T.self == Int8.self
            || T.self == Data.self || T.self == MessagePackTimestamp.self || T.self == MessagePackValue.self
    }

    /// Writes a value whose type ``isDirect(_:)``; `path` names it in errors.
    @inline(__always)
    func encodeDirect<T: Encodable>(_ value: T, path: () -> [any CodingKey]) throws {
        if T.self == String.self { try write(unsafeBitCast(value, to: String.self), path: path()); return }
        if T.self == Int.self { Pack.integer(unsafeBitCast(value, to: Int.self), into: &state.bytes); return }
        if T.self == Date.self {
            let date = unsafeBitCast(value, to: Date.self)
            guard let timestamp = MessagePackTimestamp(exactly: date) else {
                throw encodingFailure(date, "Date \(date.timeIntervalSinceReferenceDate) has no timestamp", path: path())
            }
            _ = Pack.timestamp(timestamp, into: &state.bytes)
            return
        }
        if T.self == MessagePackRaw.self { state.bytes.append(contentsOf: unsafeBitCast(value, to: MessagePackRaw.self).bytes); return }
        if T.self == Bool.self { Pack.bool(unsafeBitCast(value, to: Bool.self), into: &state.bytes); return }
        if T.self == Double.self { Pack.double(unsafeBitCast(value, to: Double.self), into: &state.bytes); return }
        if T.self == Float.self { Pack.float(unsafeBitCast(value, to: Float.self), into: &state.bytes); return }
        if T.self == Int64.self { Pack.integer(unsafeBitCast(value, to: Int64.self), into: &state.bytes); return }
        if T.self == UInt64.self { Pack.integer(unsafeBitCast(value, to: UInt64.self), into: &state.bytes); return }
        if T.self == UInt8.self { Pack.integer(unsafeBitCast(value, to: UInt8.self), into: &state.bytes); return }
        if T.self == Int32.self { Pack.integer(unsafeBitCast(value, to: Int32.self), into: &state.bytes); return }
        if T.self == UInt32.self { Pack.integer(unsafeBitCast(value, to: UInt32.self), into: &state.bytes); return }
        if T.self == UInt.self { Pack.integer(unsafeBitCast(value, to: UInt.self), into: &state.bytes); return }
        if T.self == Int16.self { Pack.integer(unsafeBitCast(value, to: Int16.self), into: &state.bytes); return }
        if T.self == UInt16.self { Pack.integer(unsafeBitCast(value, to: UInt16.self), into: &state.bytes); return }
        if T.self == Int8.self { Pack.integer(unsafeBitCast(value, to: Int8.self), into: &state.bytes); return }
        if T.self == Data.self {
            let data = unsafeBitCast(value, to: Data.self)
            guard data.withUnsafeBytes({ Pack.binary($0, into: &state.bytes) }) else {
                throw encodingFailure(data, "Data longer than 2^32 - 1 bytes", path: path())
            }
            return
        }
        if T.self == MessagePackTimestamp.self {
            let timestamp = unsafeBitCast(value, to: MessagePackTimestamp.self)
            guard Pack.timestamp(timestamp, into: &state.bytes) else {
                throw encodingFailure(timestamp, "timestamp nanoseconds \(timestamp.nanoseconds) above 999999999", path: path())
            }
            return
        }
        precondition(T.self == MessagePackValue.self, "isDirect and encodeDirect disagree about \(T.self)")
        try unsafeBitCast(value, to: MessagePackValue.self).write(into: &state.bytes, codingPath: path())
    }

    @inline(__always)
    func write(_ string: String, path: @autoclosure () -> [any CodingKey]) throws {
        guard Pack.string(string, into: &state.bytes) else {
            throw encodingFailure(string, "String longer than 2^32 - 1 bytes", path: path())
        }
    }

    @inline(__always)
    func write<K: CodingKey>(key: K, path: @autoclosure () -> [any CodingKey]) throws {
        if let int = key.intValue {
            Pack.integer(int, into: &state.bytes)
        } else {
            try write(key.stringValue, path: path())
        }
    }

    /// Encodes `value` as the current value, as a single-value container would.
    func encodeSingle<T: Encodable>(_ value: T) throws {
        guard state.bytes.count == start else {
            throw encodingFailure(value, "a single value container already holds a value")
        }
        try encodeValue(value, level: level)
    }
}
