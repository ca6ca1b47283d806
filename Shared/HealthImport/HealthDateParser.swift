import QuenchProtocol

/// Parses export timestamps such as `2020-10-11 08:00:00 -0700` without Foundation formatters.
///
/// Also accepts `T` between date and time, `Z`, and `±HH:MM` offsets, and the compact form
/// of the iOS 8 exports (2014–2015): `20150603050217+0100` (`yyyyMMddHHmmss±HHMM`).
enum HealthDateParser {
    /// Seconds since 1970 (UTC) and the written UTC offset in seconds, or nil if malformed.
    @inline(__always)
    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int) -> (epoch: Int64, offset: Int)? {
        guard n >= 15 else { return nil }
        let year, month, day, hour, minute, second: Int?
        var i: Int
        if p[4] == 0x2D {
            guard n >= 19, p[7] == 0x2D, p[10] == 0x20 || p[10] == 0x54, p[13] == 0x3A, p[16] == 0x3A else { return nil }
            year = digits(p, 4)
            month = digits(p + 5, 2)
            day = digits(p + 8, 2)
            hour = digits(p + 11, 2)
            minute = digits(p + 14, 2)
            second = digits(p + 17, 2)
            i = 19
        } else {
            year = digits(p, 4)
            month = digits(p + 4, 2)
            day = digits(p + 6, 2)
            hour = digits(p + 8, 2)
            minute = digits(p + 10, 2)
            second = digits(p + 12, 2)
            i = 14
        }
        guard let year, let month, let day, let hour, let minute, let second else { return nil }
        guard (1...12).contains(month), day >= 1, day <= LocalDay.daysIn(year: year, month: month),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        if i < n, p[i] == 0x20 { i += 1 }
        guard i < n else { return nil }
        var offset = 0
        if p[i] == 0x5A {
            i += 1
        } else {
            guard p[i] == 0x2B || p[i] == 0x2D, i + 5 <= n, let oh = digits(p + i + 1, 2) else { return nil }
            var j = i + 3
            if p[j] == 0x3A { j += 1 }
            guard j + 2 <= n, let om = digits(p + j, 2), oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (p[i] == 0x2D ? -1 : 1)
            i = j + 2
        }
        guard i == n else { return nil }
        let days = LocalDay.ordinal(year: year, month: month, day: day)
        let epoch = Int64(days) * 86400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offset)
        return (epoch, offset)
    }

    @inline(__always)
    private static func digits(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var v = 0
        for k in 0..<count {
            let d = Int(p[k]) &- 48
            guard d >= 0, d <= 9 else { return nil }
            v = v * 10 + d
        }
        return v
    }
}
