import Foundation
import QuenchProtocol
import QuenchStrings

/// Instants as people type them: `2026-11-21T08:30:00Z`, `2026-11-21T08:30:00+01:00`,
/// `2026-11-21 08:30` (in --tz), `08:30` (today in --tz), `now`.
enum TimeParsing {
    static func instant(_ text: String, zone: String, now: Date = Date()) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "now" { return now }
        // Strictly (``Timestamp``): Foundation's parsers roll 2026-02-30 into March and 25:00
        // into the next day.
        if let date = Timestamp.instant(trimmed) { return date }
        guard let timeZone = TimeZone(identifier: zone) else {
            throw CLIError.usage(tr(HydrationText.notAZone(field: "--tz", zone: zone)))
        }
        if let (day, time) = Timestamp.wallClock(trimmed) {
            return Timestamp.instant(day: day, time: time, in: timeZone)
        }
        if let time = Timestamp.clockTime(trimmed) {
            return Timestamp.instant(day: LocalDay(instant: now, timeZone: timeZone), time: time, in: timeZone)
        }
        throw CLIError.usage(tr(HydrationText.notATime(field: "--at", text: text)))
    }
}
