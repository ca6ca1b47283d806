/// Exactly the bytes of one complete encoded value.
///
/// Decoding captures the value's bytes verbatim (validated and bounded by the decoder's limits);
/// encoding writes them verbatim in place. Use it for envelopes whose body type is known only
/// after reading the header. With other coders it travels as a ``MessagePackValue``.
public struct MessagePackRaw: Codable, Hashable, Sendable {
    /// The encoded value.
    public let bytes: [UInt8]

    /// The encoding of nil.
    public static let `nil` = MessagePackRaw(unchecked: [0xc0])

    init(unchecked bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Wraps `bytes` that the caller wrote as exactly one well-formed value, without checking
    /// them: for a hand-written encoder whose output its tests compare with the generic one's
    /// (a receiver checks whatever it reads off the wire anyway), or bytes already checked as
    /// strictly as ``init(validating:limits:)`` does. Anything else uses that initializer:
    /// ``decode(_:decoder:)`` trusts a raw value's text to be UTF-8 (it still checks bounds,
    /// lengths, nesting and limits).
    public init(wellFormed bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Wraps `bytes`, which must be exactly one well-formed value within `limits`.
    /// - Throws: ``MessagePackError``; `.invalidRaw` when the bytes are empty or hold more than one value.
    public init(validating bytes: [UInt8], limits: MessagePackLimits = .default) throws {
        guard !bytes.isEmpty else { throw MessagePackError(.invalidRaw, offset: 0) }
        let end = try MessagePackScanner.skipValue(in: bytes, at: 0, limits: limits)
        guard end == bytes.count else { throw MessagePackError(.invalidRaw, offset: end) }
        self.bytes = bytes
    }

    /// The encoding of `value`.
    public init<T: Encodable>(encoding value: T, encoder: MessagePackEncoder = .init()) throws {
        bytes = try encoder.encode(value)
    }

    /// Decodes the wrapped value as `type`. Its text was checked when the value was made, so
    /// strings and keys are not checked for UTF-8 again.
    public func decode<T: Decodable>(_ type: T.Type, decoder: MessagePackDecoder = .init()) throws -> T {
        try decoder.decode(type, fromRaw: self)
    }

    /// Writes the bytes verbatim with ``MessagePackEncoder``, the equivalent ``MessagePackValue`` otherwise.
    public func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? _MessagePackEncoder {
            return try encoder.encodeSingle(self)
        }
        try MessagePackDecoder().decode(MessagePackValue.self, from: bytes).encode(to: encoder)
    }

    /// Captures the bytes verbatim with ``MessagePackDecoder``; otherwise encodes the ``MessagePackValue`` found.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? _MessagePackDecoder {
            self = try decoder.decodeSingle(Self.self)
            return
        }
        bytes = try MessagePackEncoder().encode(MessagePackValue(from: decoder))
    }
}
