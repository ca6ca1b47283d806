public import Foundation

/// A point in time as the MessagePack timestamp extension (type -1) stores it:
/// seconds since 1970-01-01 00:00:00 UTC plus nanoseconds.
///
/// ``MessagePackEncoder`` writes it in the smallest of the 32-, 64- and 96-bit forms that holds it.
/// With other coders it is a keyed value with `seconds` and `nanoseconds`.
public struct MessagePackTimestamp: Hashable, Sendable, Codable {
    /// Seconds since 1970-01-01 00:00:00 UTC; negative before it.
    public var seconds: Int64
    /// Nanoseconds added to ``seconds``; valid values are 0...999 999 999.
    public var nanoseconds: UInt32

    /// Creates a timestamp. Encoding throws if `nanoseconds` exceeds 999 999 999.
    public init(seconds: Int64, nanoseconds: UInt32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The timestamp of `date`, rounded to the nearest nanosecond; dates beyond the
    /// `Int64` seconds range are clamped to it.
    public init(_ date: Date) {
        self = MessagePackTimestamp(exactly: date) ?? MessagePackTimestamp(
            seconds: date.timeIntervalSinceReferenceDate > 0 ? .max : .min,
            nanoseconds: 0
        )
    }

    /// The date of this timestamp; exact to the precision of `Date`.
    public var date: Date {
        let nanos = Double(nanoseconds) / 1e9
        let (reference, overflow) = seconds.subtractingReportingOverflow(Self.referenceOffset)
        if overflow {
            return Date(timeIntervalSinceReferenceDate: Double(seconds) - Double(Self.referenceOffset) + nanos)
        }
        return Date(timeIntervalSinceReferenceDate: Double(reference) + nanos)
    }

    /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
    static let referenceOffset: Int64 = 978_307_200

    /// The timestamp of `date`, or nil when it is not finite or beyond the `Int64` seconds range.
    init?(exactly date: Date) {
        let interval = date.timeIntervalSinceReferenceDate
        guard interval.isFinite else { return nil }
        var whole = interval.rounded(.down)
        var nanos = ((interval - whole) * 1e9).rounded()
        if nanos >= 1e9 {
            nanos -= 1e9
            whole += 1
        }
        guard let reference = Int64(exactly: whole) else { return nil }
        let (seconds, overflow) = reference.addingReportingOverflow(Self.referenceOffset)
        guard !overflow else { return nil }
        self.init(seconds: seconds, nanoseconds: UInt32(nanos))
    }

    private enum CodingKeys: String, CodingKey {
        case seconds, nanoseconds
    }

    /// Encodes the timestamp extension with ``MessagePackEncoder``, a keyed value otherwise.
    public func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? _MessagePackEncoder {
            return try encoder.encodeSingle(self)
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(nanoseconds, forKey: .nanoseconds)
    }

    /// Decodes the timestamp extension with ``MessagePackDecoder``, a keyed value otherwise.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? _MessagePackDecoder {
            self = try decoder.decodeSingle(Self.self)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            seconds: try container.decode(Int64.self, forKey: .seconds),
            nanoseconds: try container.decode(UInt32.self, forKey: .nanoseconds)
        )
    }
}
