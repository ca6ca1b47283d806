public import Foundation

/// A calendar day in a user's time zone (`2026-11-21`), the unit of "today", history,
/// streaks and month charts. Built from an instant and an IANA zone, so it is right
/// across DST changes and travel (docs/ARCHITECTURE.md, "Time").
public struct LocalDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Validates the date (no 2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
              day <= LocalDay.daysIn(year: year, month: month) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`: ten ASCII bytes, a real calendar date (no `+026-01-01`,
    /// no `2026-1-1`, no `2026-02-30`).
    public init?(_ text: String) {
        var utf8 = text.utf8.makeIterator()
        func number(_ digits: Int) -> Int? {
            var value = 0
            for _ in 0..<digits {
                guard let byte = utf8.next(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(4), utf8.next() == UInt8(ascii: "-"), let month = number(2), utf8.next() == UInt8(ascii: "-"),
              let day = number(2), utf8.next() == nil else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// A day a service stored itself as `YYYY-MM-DD` (a read model's or a sample's `day`
    /// column), for a reply: a text that is no day means damaged data, an `internal` error
    /// naming it, never a made-up day.
    public init(stored text: String) throws {
        guard let day = LocalDay(text) else {
            throw QuenchError.internal("a stored day '\(text.prefix(40))' is not a date YYYY-MM-DD")
        }
        self = day
    }

    /// The day `instant` falls on in `timeZone` (its UTC offset at that instant, so DST
    /// changes are honoured), by arithmetic rather than a `Calendar` per call.
    public init(instant: Date, timeZone: TimeZone) {
        let offset = Double(timeZone.secondsFromGMT(for: instant))
        let local = (instant.timeIntervalSince1970 + offset) / 86_400
        let ordinal = local.isFinite ? Int(max(-1e8, min(1e8, local.rounded(.down)))) : 0
        self.init(ordinal: ordinal)
    }

    /// `YYYY-MM-DD`, written byte by byte: `String(format:)` costs microseconds per call on
    /// Linux, and imports and histories write one per sample or day.
    public var description: String {
        guard (0...9999).contains(year) else {
            let digits = String(year)
            let month = month < 10 ? "0\(month)" : "\(month)", day = day < 10 ? "0\(day)" : "\(day)"
            return "\(digits)-\(month)-\(day)"
        }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            LocalDay.write(year: year, month: month, day: day, into: UnsafeMutableRawBufferPointer(buffer), at: 0)
            return 10
        }
    }

    /// Writes the ten characters of `YYYY-MM-DD` at `offset` (`year` in 0…9999).
    @inlinable
    public static func write(year: Int, month: Int, day: Int, into bytes: UnsafeMutableRawBufferPointer, at offset: Int) {
        let zero = UInt8(ascii: "0")
        let century = year % 10000 / 100, rest = year % 100
        bytes[offset] = zero + UInt8(truncatingIfNeeded: century / 10)
        bytes[offset + 1] = zero + UInt8(truncatingIfNeeded: century % 10)
        bytes[offset + 2] = zero + UInt8(truncatingIfNeeded: rest / 10)
        bytes[offset + 3] = zero + UInt8(truncatingIfNeeded: rest % 10)
        bytes[offset + 4] = UInt8(ascii: "-")
        bytes[offset + 5] = zero + UInt8(truncatingIfNeeded: month / 10)
        bytes[offset + 6] = zero + UInt8(truncatingIfNeeded: month % 10)
        bytes[offset + 7] = UInt8(ascii: "-")
        bytes[offset + 8] = zero + UInt8(truncatingIfNeeded: day / 10)
        bytes[offset + 9] = zero + UInt8(truncatingIfNeeded: day % 10)
    }

    /// Days since 1970-01-01 (civil), for arithmetic independent of any time zone.
    public var ordinal: Int {
        LocalDay.ordinal(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 of a valid calendar date (proleptic Gregorian, Howard Hinnant's
    /// days-from-civil): the one calendar of Quench, the export parsers' too.
    @inlinable
    public static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day with the given ordinal (days since 1970-01-01).
    public init(ordinal: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    public func adding(days: Int) -> LocalDay {
        LocalDay(ordinal: ordinal + days)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: LocalDay) -> Int {
        other.ordinal - ordinal
    }

    /// The first instant of this day in `timeZone` (a DST gap at midnight moves it later).
    public func start(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        return calendar.date(from: components) ?? Date(timeIntervalSince1970: Double(ordinal) * 86_400)
    }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days in `month` (1–12) of `year`.
    @inlinable
    public static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Encoded as the `YYYY-MM-DD` string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let parsed = LocalDay(text) else {
            // Worded as `FieldRules.day` words it: the wire error names the field and the rule.
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a date YYYY-MM-DD, got '\(text.prefix(40))'")
        }
        self = parsed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
