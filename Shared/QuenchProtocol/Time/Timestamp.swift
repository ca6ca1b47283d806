public import Foundation

/// Strict parsing of instants as they enter Quench (the JSON API, the dashboard's forms, the
/// CLI's `--at`): every field must be in range for its calendar, so an impossible date or time
/// is refused instead of rolled into another day the way Foundation's parsers do
/// (`2026-02-30` → 2026-03-02, `T25:00` → the next day 01:00, minute 61 → the next hour).
///
/// ```swift
/// Timestamp.instant("2026-11-21T08:30:00+01:00")   // a Date
/// Timestamp.instant("2026-02-30T10:00:00Z")        // nil
/// Timestamp.wallClock("2026-11-21 08:30")          // (LocalDay 2026-11-21, 08:30:00)
/// ```
public enum Timestamp {
    /// A time of day on a wall clock: hour 0…23, minute 0…59, second 0…59, and the fraction.
    public struct ClockTime: Sendable, Equatable {
        public let hour: Int, minute: Int, second: Int
        public let fraction: Double

        public init?(hour: Int, minute: Int, second: Int = 0, fraction: Double = 0) {
            guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
                  fraction >= 0, fraction < 1 else { return nil }
            (self.hour, self.minute, self.second, self.fraction) = (hour, minute, second, fraction)
        }

        var secondsOfDay: Double { Double(hour * 3600 + minute * 60 + second) + fraction }
    }

    /// RFC 3339: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` (`t`/space for `T` and `z` for `Z`
    /// as RFC 3339 allows), a real calendar date, hour ≤ 23, minute and second ≤ 59, an offset
    /// of at most ±23:59.
    public static func instant(_ text: String) -> Date? {
        var scanner = Scanner(text)
        guard let day = scanner.day(), let separator = scanner.next(),
              separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
              let time = scanner.time(requireSeconds: true), let offset = scanner.offset(), scanner.atEnd else { return nil }
        return Date(timeIntervalSince1970: Double(day.ordinal) * 86_400 + time.secondsOfDay - Double(offset))
    }

    /// A wall-clock date and time without an offset: `YYYY-MM-DD HH:MM[:SS]` or with `T`.
    public static func wallClock(_ text: String) -> (day: LocalDay, time: ClockTime)? {
        var scanner = Scanner(text)
        guard let day = scanner.day(), let separator = scanner.next(),
              separator == UInt8(ascii: "T") || separator == UInt8(ascii: " "),
              let time = scanner.time(requireSeconds: false), scanner.atEnd else { return nil }
        return (day, time)
    }

    /// A time of day alone: `HH:MM` or `HH:MM:SS`.
    public static func clockTime(_ text: String) -> ClockTime? {
        var scanner = Scanner(text)
        guard let time = scanner.time(requireSeconds: false), scanner.atEnd else { return nil }
        return time
    }

    /// The instant a wall-clock time on `day` names in `timeZone`. A time in a DST gap (02:30 on
    /// a spring-forward night does not exist) moves forward by the gap (03:30), as a clock
    /// would; a time a fall-back night shows twice is its first occurrence.
    public static func instant(day: LocalDay, time: ClockTime, in timeZone: TimeZone) -> Date {
        let local = Double(day.ordinal) * 86_400 + time.secondsOfDay
        let first = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 86_400 / 2))
        let second = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local + 86_400 / 2))
        for offset in [max(first, second), min(first, second)] {
            let candidate = Date(timeIntervalSince1970: local - Double(offset))
            if timeZone.secondsFromGMT(for: candidate) == offset { return candidate }
        }
        return Date(timeIntervalSince1970: local - Double(first))
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        var atEnd: Bool { index == bytes.count }

        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }

        mutating func day() -> LocalDay? {
            guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2) else { return nil }
            return LocalDay(year: year, month: month, day: day)
        }

        mutating func time(requireSeconds: Bool) -> ClockTime? {
            guard let hour = digits(2), expect(":"), let minute = digits(2) else { return nil }
            var second = 0
            var fraction = 0.0
            if expect(":") {
                guard let value = digits(2) else { return nil }
                second = value
                if expect(".") {
                    var scale = 0.1
                    var count = 0
                    while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                        if count < 9 { fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale }
                        scale /= 10
                        count += 1
                        index += 1
                    }
                    guard count > 0 else { return nil }
                }
            } else if requireSeconds {
                return nil
            }
            return ClockTime(hour: hour, minute: minute, second: second, fraction: min(fraction, 0.999_999_999))
        }

        /// Seconds east of UTC.
        mutating func offset() -> Int? {
            guard let sign = next() else { return nil }
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") { return 0 }
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                  let hours = digits(2), expect(":"), let minutes = digits(2),
                  (0...23).contains(hours), (0...59).contains(minutes) else { return nil }
            let seconds = hours * 3600 + minutes * 60
            return sign == UInt8(ascii: "-") ? -seconds : seconds
        }
    }
}
