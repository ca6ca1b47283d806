public import Foundation

/// Decodes `Decodable` values from MessagePack.
///
/// Safe on untrusted input: declared lengths are checked against the remaining bytes and
/// ``limits`` before anything is allocated, nesting is bounded, and malformed input throws
/// ``MessagePackError`` (naming the offset and coding path) rather than trapping.
/// Unknown map keys are ignored; `decodeIfPresent` treats a missing key or nil as nil;
/// bytes after the top-level value are an error. Integers decode from any integer format whose
/// value fits; `Double` also from float32 and integers, `Float` from float32 and float64;
/// `Date` only from the timestamp extension, `Data` only from bin.
public struct MessagePackDecoder: Sendable {
    /// Bounds enforced on the input.
    public var limits: MessagePackLimits
    /// Values made available to `init(from:)` implementations through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder that enforces `limits`.
    public init(limits: MessagePackLimits = .default) {
        self.limits = limits
    }

    /// Decodes a value of `type` from `bytes`, which must hold exactly one encoded value.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// Decodes a value of `type` from `bytes`; offsets in errors count from the slice's start.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: ArraySlice<UInt8>) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// Decodes a value of `type` from `data`, which must hold exactly one encoded value.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// Decodes a value of `type` from borrowed bytes, which must hold exactly one encoded value.
    /// Nothing decoded keeps a reference to `buffer`.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer) throws -> T {
        try decode(type, from: buffer, textChecked: false)
    }

    /// Decodes the bytes of a ``MessagePackRaw``, which were checked strictly when it was made
    /// (or written by an encoder of ours): its text is not checked for UTF-8 again.
    func decode<T: Decodable>(_ type: T.Type, fromRaw raw: MessagePackRaw) throws -> T {
        try raw.bytes.withUnsafeBytes { try decode(type, from: $0, textChecked: true) }
    }

    private func decode<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer, textChecked: Bool) throws -> T {
        let state = DecoderState(reader: ByteReader(buffer, textChecked: textChecked), limits: limits)
        defer { state.reader = .empty }
        let decoder = _MessagePackDecoder(state: state, codingPath: [], userInfo: userInfo, offset: 0, depth: 0)
        var end = 0
        let value = try decoder.decodeValue(type, at: 0, depth: 0, needEnd: true, end: &end)
        guard end == buffer.count else {
            throw MessagePackError(.trailingBytes(buffer.count - end), offset: end)
        }
        return value
    }
}
