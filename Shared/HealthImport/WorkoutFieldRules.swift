import QuenchProtocol
import QuenchStrings

/// Validation of the workout log fields; the messages users see are the catalog's (``WorkoutLogText``).
enum WorkoutFieldRules {
    private static let months: [UInt32] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        .map { s in s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    static func shown(_ p: UnsafePointer<UInt8>, _ n: Int) -> String {
        let text = String(decoding: UnsafeBufferPointer(start: p, count: min(n, 40)), as: UTF8.self)
        return n > 40 ? text + "…" : text
    }

    /// Parses `MMM d yyyy` (English abbreviations, any case, spaces between parts).
    static func date(_ p: UnsafePointer<UInt8>, _ n: Int) -> Result<(Int, Int, Int), FieldRuleViolation> {
        func rule() -> FieldRuleViolation {
            FieldRuleViolation(rule: .plainDateRule, got: shown(p, n))
        }
        guard n >= 10, p[3] == 0x20 else { return .failure(rule()) }
        let key = (0..<3).reduce(UInt32(0)) { $0 << 8 | UInt32(p[$1] | 0x20) }
        guard let monthIndex = months.firstIndex(of: key) else { return .failure(rule()) }
        var i = 3
        while i < n, p[i] == 0x20 { i += 1 }
        var day = 0
        var dayDigits = 0
        while i < n, p[i] &- 0x30 < 10 {
            day = day * 10 + Int(p[i] &- 0x30)
            dayDigits += 1
            i += 1
        }
        guard (1...2).contains(dayDigits), i < n, p[i] == 0x20 else { return .failure(rule()) }
        while i < n, p[i] == 0x20 { i += 1 }
        guard n - i == 4, let year = wholeNumber(p + i, 4) else { return .failure(rule()) }
        let month = monthIndex + 1
        guard day >= 1, day <= LocalDay.daysIn(year: year, month: month) else {
            return .failure(FieldRuleViolation(rule: .calendarDateRule, detail: .notACalendarDate(value: shown(p, n))))
        }
        return .success((year, month, day))
    }

    static func count(_ field: String, _ p: UnsafePointer<UInt8>, _ n: Int, max: Int) -> Result<Int, FieldRuleViolation> {
        guard let v = wholeNumber(p, n), v >= 1, v <= max else {
            return .failure(FieldRuleViolation(rule: .wholeNumberRule(field: field, max: max), got: shown(p, n)))
        }
        return .success(v)
    }

    static func weight(_ p: UnsafePointer<UInt8>, _ n: Int) -> Result<Double, FieldRuleViolation> {
        guard let w = DecimalParser.parse(p, n, allowExponent: false, allowSign: false), w.isFinite, w >= 0, w <= 1000 else {
            return .failure(FieldRuleViolation(rule: .weightRule(max: 1000), got: shown(p, n)))
        }
        return .success(w)
    }

    static func exercise(_ p: UnsafePointer<UInt8>, _ n: Int) -> Result<String, FieldRuleViolation> {
        let name = String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
        let length = n <= 100 && !(0..<n).contains { p[$0] >= 0x80 } ? n : name.count
        guard (1...100).contains(length) else {
            return .failure(FieldRuleViolation(rule: .exerciseLengthRule(max: 100), detail: .exerciseLength(max: 100, got: length)))
        }
        return .success(name)
    }

    private static func wholeNumber(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int? {
        guard n > 0, n <= 9 else { return nil }
        var v = 0
        for k in 0..<n {
            let d = p[k] &- 0x30
            guard d < 10 else { return nil }
            v = v * 10 + Int(d)
        }
        return v
    }
}

extension WorkoutFieldRules {
    /// The length of a count without a zero fraction: apps write `10.0` reps.
    static func wholeLength(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var end = n
        while end > 0, p[end - 1] == 0x30 { end -= 1 }
        if end < n, end > 1, p[end - 1] == 0x2E { return end - 1 }
        return n
    }
}
