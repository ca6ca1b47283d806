/// Encodes `Encodable` values as MessagePack.
///
/// The output is deterministic and as small as the format allows: every integer, string,
/// binary, array and map header takes the smallest form that holds it; struct fields follow
/// their `CodingKeys` order; `Dictionary` entries are sorted (string keys by UTF-8 bytes,
/// integer keys numerically). `Date` becomes the timestamp extension, `Data` becomes bin,
/// ``MessagePackRaw`` is written verbatim. Coding keys with an `intValue` become integer map keys.
///
/// Values stream straight into one buffer, so a container must be finished before its parent
/// writes again: writing to a nested container after writing to its parent (or to a later
/// sibling) throws `EncodingError.invalidValue` instead of producing wrong bytes.
public struct MessagePackEncoder: Sendable {
    /// Values made available to `encode(to:)` implementations through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder.
    public init() {}

    /// Returns the encoding of `value`.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        try encode(value, appendingTo: &bytes)
        return bytes
    }

    /// Appends the encoding of `value` to `buffer`; on error `buffer` is left as it was.
    public func encode<T: Encodable>(_ value: T, appendingTo buffer: inout [UInt8]) throws {
        let state = EncoderState()
        swap(&state.bytes, &buffer)
        let start = state.bytes.count
        defer { swap(&state.bytes, &buffer) }
        do {
            let encoder = _MessagePackEncoder(state: state, codingPath: [], userInfo: userInfo, level: 0, start: start)
            try encoder.encodeValue(value, level: 0)
            if let failure = state.failure { throw failure }
        } catch {
            state.bytes.removeSubrange(start...)
            throw error
        }
    }
}
