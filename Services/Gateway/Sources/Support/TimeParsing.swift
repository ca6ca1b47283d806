import Foundation
import QuenchStrings

/// Instants as people type them: `2026-11-21T08:30:00Z`, `2026-11-21T08:30:00+01:00`,
/// `2026-11-21 08:30` (in --tz), `08:30` (today in --tz), `now`.
enum TimeParsing {
    static func instant(_ text: String, zone: String, now: Date = Date()) throws -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "now" { return now }
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime]
        if let date = iso.date(from: trimmed) { return date }
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = iso.date(from: trimmed) { return date }
        guard let timeZone = TimeZone(identifier: zone) else {
            throw CLIError.usage(tr(HydrationText.notAZone(field: "--tz", zone: zone)))
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        for format in ["yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        formatter.dateFormat = "HH:mm"
        if formatter.date(from: trimmed) != nil {
            formatter.dateFormat = "yyyy-MM-dd"
            let today = formatter.string(from: now)
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            if let date = formatter.date(from: "\(today) \(trimmed)") { return date }
        }
        throw CLIError.usage(tr(HydrationText.notATime(field: "--at", text: text)))
    }
}
