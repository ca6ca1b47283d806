import QuenchProtocol

/// A calendar month `YYYY-MM`.
struct CalendarMonth: Sendable, Equatable, CustomStringConvertible {
    let year: Int
    let month: Int

    init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses `YYYY-MM`.
    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]) else { return nil }
        self.init(year: year, month: month)
    }

    init(containing day: LocalDay) {
        year = day.year
        month = day.month
    }

    var description: String {
        let y = String(year)
        let m = String(month)
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + (m.count == 1 ? "0" : "") + m
    }

    var firstDay: LocalDay {
        // Valid by construction: day 1 of a month of a year in 1…9999.
        LocalDay(year: year, month: month, day: 1) ?? LocalDay(ordinal: 0)
    }

    var lastDay: LocalDay {
        firstDay.adding(days: LocalDay.daysIn(year: year, month: month) - 1)
    }

    /// The month's days up to and including `today` (none for a future month).
    func days(upTo today: LocalDay) -> [LocalDay] {
        let end = min(lastDay, today)
        guard firstDay <= end else { return [] }
        return (0...firstDay.days(to: end)).map { firstDay.adding(days: $0) }
    }
}
