import Foundation

/// The input shared by one decode; emptied when the decode returns, so a `Decoder` that
/// escapes its `init(from:)` reads nothing rather than freed memory.
final class DecoderState {
    @exclusivity(unchecked) var reader: ByteReader
    let limits: MessagePackLimits

    init(reader: ByteReader, limits: MessagePackLimits) {
        self.reader = reader
        self.limits = limits
    }
}

/// The `Decoder` handed to `init(from:)`. One instance serves a whole decode: nested values
/// reuse it with an updated coding path, offset and depth.
final class _MessagePackDecoder: Decoder {
    let state: DecoderState
    @exclusivity(unchecked) var codingPath: [any CodingKey]
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]
    /// Where the current value starts.
    @exclusivity(unchecked) var offset: Int
    /// The nesting depth of the current value; its container's elements are one deeper.
    @exclusivity(unchecked) var depth: Int
    /// `knownEnd` is where the value starting at `knownEndStart` ends, when a container found it.
    @exclusivity(unchecked) var knownEndStart = -1
    @exclusivity(unchecked) var knownEnd = 0

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    init(state: DecoderState, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: any Sendable], offset: Int, depth: Int) {
        self.state = state
        self.codingPath = codingPath
        self.sendableUserInfo = userInfo
        self.offset = offset
        self.depth = depth
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let index = try tagging(codingPath) { try MapIndex(state, at: offset, depth: depth) }
        knownEndStart = offset
        knownEnd = index.end
        return KeyedDecodingContainer(KeyedDecoder<Key>(decoder: self, index: index, depth: depth + 1, pathCount: codingPath.count, extraPath: []))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try tagging(codingPath) { try UnkeyedDecoder(decoder: self, at: offset, depth: depth, pathCount: codingPath.count, extraPath: []) }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueDecoder(decoder: self, offset: offset, depth: depth, pathCount: codingPath.count)
    }

    /// Decodes the current value as `T`, as a single-value container would.
    func decodeSingle<T: Decodable>(_ type: T.Type) throws -> T {
        var end = 0
        return try decodeValue(type, at: offset, depth: depth, needEnd: false, end: &end)
    }

    /// Decodes the value at `offset` (nesting `depth`) standing for the current value, with no key
    /// of its own. Sets `end` to where it ends, or -1 when `needEnd` is false and that would take a scan.
    func decodeValue<T: Decodable>(_ type: T.Type, at offset: Int, depth: Int, needEnd: Bool, end: inout Int) throws -> T {
        try decodeValue(type, at: offset, depth: depth, key: AnyCodingKey(stringValue: ""), extraPath: [], pushesKey: false, needEnd: needEnd, end: &end)
    }

    /// Decodes the value at `offset` (nesting `depth`) found under `key`. Sets `end` to where it
    /// ends, or -1 when `needEnd` is false and that would take a scan.
    func decodeValue<T: Decodable, K: CodingKey>(
        _ type: T.Type,
        at offset: Int,
        depth: Int,
        key: K,
        extraPath: [any CodingKey],
        pushesKey: Bool = true,
        needEnd: Bool,
        end: inout Int
    ) throws -> T {
        if Self.isDirect(T.self) {
            do {
                return try decodeDirect(type, at: offset, depth: depth, end: &end)
            } catch let error as MessagePackError where error.codingPath.isEmpty {
                throw error.with(codingPath: renderPath(pushesKey ? codingPath + extraPath + [key] : codingPath))
            }
        }
        let saved = (self.offset, self.depth, knownEndStart, knownEnd, codingPath.count)
        self.offset = offset
        self.depth = depth
        knownEndStart = -1
        if !extraPath.isEmpty { codingPath.append(contentsOf: extraPath) }
        if pushesKey { codingPath.append(key) }
        defer {
            (self.offset, self.depth, knownEndStart, knownEnd) = (saved.0, saved.1, saved.2, saved.3)
            codingPath.removeSubrange(saved.4...)
        }
        do {
            let value = try T(from: self)
            if knownEndStart == offset {
                end = knownEnd
            } else if needEnd {
                end = try state.reader.skipValue(at: offset, depth: depth, limits: state.limits, strict: false)
            } else {
                end = -1
            }
            return value
        } catch let error as MessagePackError where error.codingPath.isEmpty {
            throw error.with(codingPath: renderPath(codingPath))
        }
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

    /// Reads a value whose type ``isDirect(_:)``.
    @inline(__always)
    func decodeDirect<T: Decodable>(_ type: T.Type, at offset: Int, depth: Int, end: inout Int) throws -> T {
        let reader = state.reader
        let limits = state.limits
        @inline(__always) func cast<U>(_ pair: (U, Int)) -> T {
            end = pair.1
            return unsafeBitCast(pair.0, to: T.self)
        }
        if T.self == String.self { return cast(try reader.readString(at: offset, limits: limits)) }
        if T.self == Int.self { return cast(try reader.readInteger(Int.self, at: offset, limits: limits)) }
        if T.self == Date.self {
            let (timestamp, next) = try reader.readTimestamp(at: offset, limits: limits)
            return cast((timestamp.date, next))
        }
        if T.self == MessagePackRaw.self {
            // All of a raw value's bytes: exactly one value, checked when it was made.
            if reader.textChecked, offset == 0, reader.count > 0 {
                return cast((MessagePackRaw(unchecked: [UInt8](reader.bytes(0, reader.count))), reader.count))
            }
            return cast(try reader.readRaw(at: offset, depth: depth, limits: limits))
        }
        if T.self == Bool.self { return cast(try reader.readBool(at: offset, limits: limits)) }
        if T.self == Double.self { return cast(try reader.readDouble(at: offset, limits: limits)) }
        if T.self == Float.self { return cast(try reader.readFloat(at: offset, limits: limits)) }
        if T.self == Int64.self { return cast(try reader.readInteger(Int64.self, at: offset, limits: limits)) }
        if T.self == UInt64.self { return cast(try reader.readInteger(UInt64.self, at: offset, limits: limits)) }
        if T.self == UInt8.self { return cast(try reader.readInteger(UInt8.self, at: offset, limits: limits)) }
        if T.self == Int32.self { return cast(try reader.readInteger(Int32.self, at: offset, limits: limits)) }
        if T.self == UInt32.self { return cast(try reader.readInteger(UInt32.self, at: offset, limits: limits)) }
        if T.self == UInt.self { return cast(try reader.readInteger(UInt.self, at: offset, limits: limits)) }
        if T.self == Int16.self { return cast(try reader.readInteger(Int16.self, at: offset, limits: limits)) }
        if T.self == UInt16.self { return cast(try reader.readInteger(UInt16.self, at: offset, limits: limits)) }
        if T.self == Int8.self { return cast(try reader.readInteger(Int8.self, at: offset, limits: limits)) }
        if T.self == Data.self { return cast(try reader.readData(at: offset, limits: limits)) }
        if T.self == MessagePackTimestamp.self { return cast(try reader.readTimestamp(at: offset, limits: limits)) }
        precondition(T.self == MessagePackValue.self, "isDirect and decodeDirect disagree about \(T.self)")
        return cast(try reader.value(at: offset, depth: depth, limits: limits))
    }

    /// Runs `body`, giving errors that lack a coding path the path `path`.
    @inline(__always)
    func tagging<R>(_ path: @autoclosure () -> [any CodingKey], _ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as MessagePackError where error.codingPath.isEmpty {
            throw error.with(codingPath: renderPath(path()))
        }
    }

    /// Records that the value at `start` ends at `end`, if `start` is the current value.
    @inline(__always)
    func noteEnd(of start: Int, at end: Int) {
        if offset == start {
            knownEndStart = start
            knownEnd = end
        }
    }
}
