import QuenchProtocol
import QuenchStrings

/// The dates of the apps' exports: `2022-07-28`, `2022-07-28 20:14:20`, `2021-01-25 18:52:43 +0000`,
/// `2022-07-28T20:14:20Z`, `Jun 11, 2026, 1:01 PM`, `11 Jun 2026, 13:01`, `Oct 11 2020`.
///
/// A date with a time and a zone is an instant: it is put on the user's day (their zone's offset
/// at that instant). Without a zone the date is the day as written (the app wrote the lifter's own clock).
enum WorkoutDateRules {
    static let rule = WorkoutLogText.dateRule

    struct Parsed: Equatable {
        var year: Int
        var month: Int
        var day: Int
        /// Seconds into the day, when a time is given.
        var seconds: Int?
        /// The zone's offset (seconds east), when given.
        var offset: Int?
    }

    private static let months: [UInt32] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        .map { s in s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    /// The user's day of a parsed date: as written, or (with a zone) moved into the user's offset.
    static func userDay(_ parsed: Parsed, userOffset: (Int64) -> Int) -> (Int, Int, Int) {
        guard let offset = parsed.offset, let seconds = parsed.seconds else { return (parsed.year, parsed.month, parsed.day) }
        let epoch = Int64(LocalDay.ordinal(year: parsed.year, month: parsed.month, day: parsed.day)) * 86400 + Int64(seconds - offset)
        let local = epoch + Int64(userOffset(epoch))
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let civil = LocalDay(ordinal: Int(days))
        return (civil.year, civil.month, civil.day)
    }

    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int) -> Result<Parsed, FieldRuleViolation> {
        var scanner = Scanner(p: p, n: n)
        guard var parsed = scanner.date() else {
            return .failure(FieldRuleViolation(rule: rule, got: WorkoutFieldRules.shown(p, n)))
        }
        guard parsed.month >= 1, parsed.month <= 12, parsed.day >= 1,
              parsed.day <= LocalDay.daysIn(year: parsed.year, month: parsed.month)
        else {
            return .failure(FieldRuleViolation(rule: .calendarDateRule, detail: .notACalendarDate(value: WorkoutFieldRules.shown(p, n))))
        }
        scanner.skipSeparators()
        if !scanner.atEnd {
            guard let seconds = scanner.time() else { return .failure(FieldRuleViolation(rule: rule, got: WorkoutFieldRules.shown(p, n))) }
            parsed.seconds = seconds
            scanner.skipSpaces()
            if !scanner.atEnd {
                guard let offset = scanner.zone() else { return .failure(FieldRuleViolation(rule: rule, got: WorkoutFieldRules.shown(p, n))) }
                parsed.offset = offset
            }
            scanner.skipSpaces()
            guard scanner.atEnd else { return .failure(FieldRuleViolation(rule: rule, got: WorkoutFieldRules.shown(p, n))) }
        }
        return .success(parsed)
    }

    private struct Scanner {
        let p: UnsafePointer<UInt8>
        let n: Int
        var i = 0

        var atEnd: Bool { i >= n }

        mutating func skipSpaces() {
            while i < n, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
        }

        mutating func skipSeparators() {
            while i < n, p[i] == 0x20 || p[i] == 0x09 || p[i] == 0x2C { i += 1 }
        }

        mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
            var value = 0
            var digits = 0
            while i < n, digits < maxDigits, p[i] &- 0x30 < 10 {
                value = value * 10 + Int(p[i] &- 0x30)
                digits += 1
                i += 1
            }
            return digits > 0 ? (value, digits) : nil
        }

        mutating func month() -> Int? {
            let start = i
            while i < n, (p[i] | 0x20) >= 0x61, (p[i] | 0x20) <= 0x7A { i += 1 }
            guard i - start >= 3, i - start <= 9 else { return nil }
            let key = (0..<3).reduce(UInt32(0)) { $0 << 8 | UInt32(p[start + $1] | 0x20) }
            if i < n, p[i] == 0x2E { i += 1 }
            return months.firstIndex(of: key).map { $0 + 1 }
        }

        mutating func date() -> Parsed? {
            skipSpaces()
            guard i < n else { return nil }
            if p[i] &- 0x30 < 10 {
                let start = i
                guard let first = number(maxDigits: 4) else { return nil }
                if first.digits == 4, i < n, p[i] == 0x2D || p[i] == 0x2F {
                    let separator = p[i]
                    i += 1
                    guard let month = number(maxDigits: 2), i < n, p[i] == separator else { return nil }
                    i += 1
                    guard let day = number(maxDigits: 2) else { return nil }
                    if i < n, p[i] == 0x54 { i += 1 }  // ISO 8601's `T`
                    return Parsed(year: first.value, month: month.value, day: day.value)
                }
                // `11 Jun 2026` / `11-Jun-2026`
                guard first.digits <= 2, i > start else { return nil }
                while i < n, p[i] == 0x20 || p[i] == 0x2D { i += 1 }
                guard let month = month() else { return nil }
                while i < n, p[i] == 0x20 || p[i] == 0x2D || p[i] == 0x2C { i += 1 }
                guard let year = number(maxDigits: 4), year.digits == 4 else { return nil }
                return Parsed(year: year.value, month: month, day: first.value)
            }
            // `Jun 11, 2026` / `Oct 11 2020`
            guard let month = month() else { return nil }
            skipSpaces()
            guard let day = number(maxDigits: 2) else { return nil }
            skipSeparators()
            guard let year = number(maxDigits: 4), year.digits == 4 else { return nil }
            return Parsed(year: year.value, month: month, day: day.value)
        }

        /// `h:mm`, `hh:mm:ss`, `hh:mm:ss.fff`, with an optional `AM`/`PM`: seconds into the day.
        mutating func time() -> Int? {
            guard let hour = number(maxDigits: 2), i < n, p[i] == 0x3A else { return nil }
            i += 1
            guard let minute = number(maxDigits: 2), minute.digits == 2, minute.value < 60 else { return nil }
            var second = 0
            if i < n, p[i] == 0x3A {
                i += 1
                guard let s = number(maxDigits: 2), s.digits == 2, s.value < 61 else { return nil }
                second = min(s.value, 59)
                if i < n, p[i] == 0x2E {
                    i += 1
                    guard number(maxDigits: 9) != nil else { return nil }
                }
            }
            var h = hour.value
            let save = i
            skipSpaces()
            if i + 1 < n, (p[i] | 0x20) == 0x61 || (p[i] | 0x20) == 0x70, (p[i + 1] | 0x20) == 0x6D {
                guard h >= 1, h <= 12 else { return nil }
                h = (p[i] | 0x20) == 0x70 ? h % 12 + 12 : h % 12
                i += 2
            } else {
                i = save
                guard h < 24 else { return nil }
            }
            return h * 3600 + minute.value * 60 + second
        }

        /// `Z`, `UTC`, `GMT`, `+0000`, `-07:00`, `+05`: seconds east.
        mutating func zone() -> Int? {
            if p[i] == 0x5A, i + 1 == n {
                i += 1
                return 0
            }
            if n - i >= 3 {
                let word = (0..<3).reduce(UInt32(0)) { $0 << 8 | UInt32(p[i + $1] | 0x20) }
                if word == 0x75_74_63 || word == 0x67_6D_74 {  // utc, gmt
                    i += 3
                    if i == n { return 0 }
                }
            }
            guard i < n, p[i] == 0x2B || p[i] == 0x2D else { return nil }
            let sign = p[i] == 0x2D ? -1 : 1
            i += 1
            guard let hours = number(maxDigits: 2), hours.digits == 2, hours.value <= 14 else { return nil }
            var minutes = 0
            if i < n, p[i] == 0x3A { i += 1 }
            if i < n {
                guard let m = number(maxDigits: 2), m.digits == 2, m.value < 60 else { return nil }
                minutes = m.value
            }
            return sign * (hours.value * 3600 + minutes * 60)
        }
    }
}
