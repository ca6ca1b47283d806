import QuenchStrings
import QuenchProtocol

/// The timestamps of a Health Auto Export payload: `2024-02-06 14:30:00 -0500` (the usual
/// form), the 12-hour form a phone without the 24-hour setting writes
/// (`2024-09-21 7:57:00 am +1000`, with a space, U+202F or U+00A0 before `am`/`pm`, either
/// case), and ISO 8601 (`2026-09-12T07:00:00-07:00`, `…Z`, fractions of a second). The
/// offset is kept: a point belongs to the calendar day written in its own string.
public struct HealthAutoExportDate: Sendable, Equatable {
    /// Seconds since 1970 (UTC), whole milliseconds.
    public var epoch: Double
    /// The written UTC offset, seconds east.
    public var utcOffset: Int
    /// The calendar day as written, YYYY-MM-DD.
    public var day: String

    /// The rule a timestamp must meet (the text of a bad point's problem).
    public static let rule = English.text(AutoExportRuleText.timestamp)

    /// Parses `text`; nil when it is none of the accepted forms or names no real instant.
    public init?(_ text: String) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        // U+202F and U+00A0 (before am/pm) become spaces; any other non-ASCII byte fails below.
        for scalar in text.unicodeScalars.prefix(64) {
            switch scalar.value {
            case 0x202F, 0x00A0: bytes.append(0x20)
            case 0..<0x80: bytes.append(UInt8(scalar.value))
            default: return nil
            }
        }
        guard let parsed = Self.parse(bytes) else { return nil }
        self = parsed
    }

    private init(epoch: Double, utcOffset: Int, day: String) {
        self.epoch = epoch
        self.utcOffset = utcOffset
        self.day = day
    }

    private static func parse(_ p: [UInt8]) -> HealthAutoExportDate? {
        var i = 0
        func number(_ minDigits: Int, _ maxDigits: Int) -> Int? {
            var value = 0, count = 0
            while i < p.count, count < maxDigits, p[i] >= 0x30, p[i] <= 0x39 {
                value = value * 10 + Int(p[i] - 0x30)
                i += 1
                count += 1
            }
            return count >= minDigits ? value : nil
        }
        func skip(_ byte: UInt8) -> Bool {
            guard i < p.count, p[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = number(4, 4), skip(0x2D), let month = number(2, 2), skip(0x2D), let day = number(2, 2) else { return nil }
        guard i < p.count, p[i] == 0x20 || p[i] == 0x54 else { return nil }
        i += 1
        guard var hour = number(1, 2), skip(0x3A), let minute = number(2, 2), skip(0x3A), let second = number(2, 2) else { return nil }
        var millis = 0
        if skip(0x2E) {
            let start = i
            guard let fraction = number(1, 9) else { return nil }
            let digits = i - start
            var scaled = Double(fraction)
            for _ in 0..<digits { scaled /= 10 }
            millis = Int((scaled * 1000).rounded())
        }
        while i < p.count, p[i] == 0x20 { i += 1 }
        // am / pm (12-hour clock: 12 am is midnight, 12 pm noon).
        if i + 1 < p.count, p[i] | 0x20 == 0x61 || p[i] | 0x20 == 0x70, p[i + 1] | 0x20 == 0x6D {
            guard (1...12).contains(hour) else { return nil }
            let pm = p[i] | 0x20 == 0x70
            hour = hour % 12 + (pm ? 12 : 0)
            i += 2
            while i < p.count, p[i] == 0x20 { i += 1 }
        }
        guard (1...12).contains(month), day >= 1, day <= LocalDay.daysIn(year: year, month: month),
              hour < 24, minute < 60, second < 60, (1970...9999).contains(year)
        else { return nil }
        var offset = 0
        if skip(0x5A) {
            offset = 0
        } else {
            guard i < p.count, p[i] == 0x2B || p[i] == 0x2D else { return nil }
            let sign = p[i] == 0x2D ? -1 : 1
            i += 1
            guard let oh = number(2, 2) else { return nil }
            _ = skip(0x3A)
            guard let om = number(2, 2), oh <= 18, om < 60, oh * 3600 + om * 60 <= 18 * 3600 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        }
        guard i == p.count else { return nil }
        let days = LocalDay.ordinal(year: year, month: month, day: day)
        let seconds = Double(Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset))
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return HealthAutoExportDate(
            epoch: seconds + Double(millis) / 1000, utcOffset: offset, day: "\(year)-\(two(month))-\(two(day))")
    }
}
