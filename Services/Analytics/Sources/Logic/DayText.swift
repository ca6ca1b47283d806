import QuenchProtocol

/// `YYYY-MM-DD` without Foundation formatting: histories format and parse thousands of
/// days per request.
enum DayText {
    static func format(_ day: LocalDay) -> String {
        String(unsafeUninitializedCapacity: 10) { buffer in
            write(year: day.year, month: day.month, day: day.day, into: UnsafeMutableRawBufferPointer(buffer), at: 0)
            return 10
        }
    }

    /// Writes the ten characters of `YYYY-MM-DD` at `offset` (a year past 9999 keeps its last
    /// four digits).
    static func write(year: Int, month: Int, day: Int, into bytes: UnsafeMutableRawBufferPointer, at offset: Int) {
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

    /// The day's ordinal, or nil when `text` is not a valid `YYYY-MM-DD`.
    static func ordinal(_ text: String) -> Int? {
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
        return LocalDay(year: year, month: month, day: day)?.ordinal
    }
}
