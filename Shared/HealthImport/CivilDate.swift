/// Proleptic Gregorian calendar arithmetic (Howard Hinnant's days-from-civil).
enum CivilDate {
    /// Days since 1970-01-01 of a valid calendar date.
    @inline(__always)
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Number of days in `month` (1–12) of `year`.
    @inline(__always)
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The calendar date of a day count since 1970-01-01.
    static func civil(fromDays z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Formats like Apple's export: `2020-10-11 08:00:00 -0700`.
    static func exportTimestamp(epoch: Int64, offsetSeconds: Int) -> String {
        let local = Int(epoch) + offsetSeconds
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let secs = local - days * 86400
        let (y, m, d) = civil(fromDays: days)
        let sign = offsetSeconds < 0 ? "-" : "+"
        let off = abs(offsetSeconds)
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2)) \(pad(secs / 3600, 2)):\(pad(secs / 60 % 60, 2)):\(pad(secs % 60, 2)) \(sign)\(pad(off / 3600, 2))\(pad(off / 60 % 60, 2))"
    }

    private static func pad(_ v: Int, _ width: Int) -> String {
        let s = String(v)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
