public import MessagePack

/// A value of `Value` already encoded: a handler that encodes its reply once for the reply
/// and an event (`intake.log`) returns this instead of the value; the bytes are the same.
public struct Encoded<Value: Encodable & Sendable>: Encodable, Sendable {
    public let raw: MessagePackRaw

    /// Encodes `value`.
    public init(_ value: Value) throws {
        raw = try MessagePackRaw(encoding: value)
    }

    /// Bytes the caller vouches for: an encoding of a `Value` made another way (a hand
    /// writer, a struct of the same keys with a field already encoded). Keep a test that
    /// decodes them as `Value`.
    public init(vouchedFor raw: MessagePackRaw) {
        self.raw = raw
    }

    public func encode(to encoder: any Encoder) throws {
        try raw.encode(to: encoder)
    }
}
