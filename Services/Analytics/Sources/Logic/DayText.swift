import QuenchProtocol

/// `YYYY-MM-DD` without Foundation formatting: histories format and parse thousands of
/// days per request.
enum DayText {
    static func format(_ day: LocalDay) -> String {
        var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: 10)
        func put(_ value: Int, at offset: Int, digits: Int) {
            var rest = value
            for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(day.year, at: 0, digits: 4)
        put(day.month, at: 5, digits: 2)
        put(day.day, at: 8, digits: 2)
        return String(decoding: bytes, as: UTF8.self)
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
