public import Foundation

/// Appends values to a byte buffer in the smallest encodings, the same bytes
/// ``MessagePackEncoder`` writes: the building block for hand-written encoders of fixed shapes.
///
/// The caller writes a map header with the exact entry count, then the entries in order.
///
/// ```swift
/// var writer = MessagePackWriter()
/// writer.writeMapHeader(1)
/// try writer.write("v")
/// writer.write(1)
/// let bytes = writer.bytes        // 81 a1 76 01
/// ```
public struct MessagePackWriter: Sendable {
    /// Everything written so far.
    public var bytes: [UInt8]

    /// Creates a writer whose buffer has room for `capacity` bytes before it grows.
    public init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Writes nil (`0xc0`).
    public mutating func writeNil() {
        bytes.append(0xc0)
    }

    /// Writes true or false.
    public mutating func write(_ value: Bool) {
        Pack.bool(value, into: &bytes)
    }

    /// Writes an integer in the smallest int or uint format that holds it.
    public mutating func write(_ value: Int) {
        Pack.int(Int64(value), into: &bytes)
    }

    /// Writes an integer in the smallest int or uint format that holds it.
    public mutating func write(_ value: Int64) {
        Pack.int(value, into: &bytes)
    }

    /// Writes an integer in the smallest uint format that holds it.
    public mutating func write(_ value: UInt64) {
        Pack.uint(value, into: &bytes)
    }

    /// Writes a float64.
    public mutating func write(_ value: Double) {
        Pack.double(value, into: &bytes)
    }

    /// Writes a str.
    /// - Throws: `EncodingError.invalidValue` for strings of 4 GiB or more.
    public mutating func write(_ value: String, codingPath: @autoclosure () -> [any CodingKey] = []) throws {
        guard Pack.string(value, into: &bytes) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath(), debugDescription: "MessagePackEncoder: String longer than 2^32 - 1 bytes"))
        }
    }

    /// Writes the timestamp extension (type -1) in its smallest form, as ``MessagePackEncoder`` writes a `Date`.
    /// - Throws: `EncodingError.invalidValue` when the date is not finite or beyond the `Int64` seconds range.
    public mutating func write(_ date: Date, codingPath: @autoclosure () -> [any CodingKey] = []) throws {
        guard let timestamp = MessagePackTimestamp(exactly: date) else {
            throw EncodingError.invalidValue(date, EncodingError.Context(
                codingPath: codingPath(),
                debugDescription: "MessagePackEncoder: Date \(date.timeIntervalSinceReferenceDate) has no timestamp"))
        }
        _ = Pack.timestamp(timestamp, into: &bytes)
    }

    /// Writes the raw value's bytes verbatim.
    public mutating func write(_ raw: MessagePackRaw) {
        bytes.append(contentsOf: raw.bytes)
    }

    /// Writes a map header for `count` entries; the entries (key, value, key, value, …) follow.
    /// `count` must be below 2^32 (a programming error otherwise).
    public mutating func writeMapHeader(_ count: Int) {
        precondition(Pack.mapHeader(count, into: &bytes), "MessagePackWriter: map with more than 2^32 - 1 entries")
    }

    /// Writes an array header for `count` elements; the elements follow.
    /// `count` must be below 2^32 (a programming error otherwise).
    public mutating func writeArrayHeader(_ count: Int) {
        precondition(Pack.arrayHeader(count, into: &bytes), "MessagePackWriter: array with more than 2^32 - 1 elements")
    }

    /// Appends the encoding of `value` made by `encoder`; on error nothing is written.
    public mutating func write<T: Encodable>(_ value: T, encoder: MessagePackEncoder) throws {
        try encoder.encode(value, appendingTo: &bytes)
    }
}
