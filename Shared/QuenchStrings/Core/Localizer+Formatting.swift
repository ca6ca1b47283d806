public import Foundation

/// Numbers, percentages, days and times in the locale of ``Localizer/language``.
/// English keeps what the CLI always showed (ISO 8601 days, a 24-hour clock, `68 %`);
/// German and French follow CLDR (12.345 / 12 345, 20.11.2026 / 20/11/2026).
extension Localizer {
    /// A whole number, digits grouped: 12,345 · 12.345 · 12 345 (a narrow no-break space).
    public func integer<Integer: BinaryInteger>(_ value: Integer) -> String {
        Int64(clamping: value).formatted(.number.locale(locale))
    }

    /// A number with `minimum...maximum` fraction digits: 2.5 · 2,5.
    public func decimal(_ value: Double, minimum: Int = 0, maximum: Int) -> String {
        guard value.isFinite else { return String(value) }
        return value.formatted(.number.precision(.fractionLength(minimum...maximum)).locale(locale))
    }

    /// A percentage given as a percent value (68.4 → `68.4 %`, `68,4 %`, `68,4 %`), one
    /// fraction digit at most unless `maximum` says more.
    public func percent(_ value: Double, maximum: Int = 1) -> String {
        decimal(value, maximum: maximum) + (language == .fr ? "\u{202F}%" : " %")
    }

    /// A day given as `YYYY-MM-DD`: unchanged in English, `20.11.2026` in German,
    /// `20/11/2026` in French; text that is not a day comes back as it is.
    public func day(_ iso: String) -> String {
        let fields = iso.split(separator: "-")
        guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2 else { return iso }
        switch language {
        case .en, .pseudo: return iso
        case .de: return "\(fields[2]).\(fields[1]).\(fields[0])"
        case .fr: return "\(fields[2])/\(fields[1])/\(fields[0])"
        }
    }

    /// A month given as `YYYY-MM`: `October 2026`, `Oktober 2026`, `octobre 2026`.
    public func month(_ iso: String) -> String {
        let fields = iso.split(separator: "-")
        guard fields.count == 2, let year = Int(fields[0]), let month = Int(fields[1]), (1...12).contains(month) else { return iso }
        let name = Localizer.monthNames(locale)[month - 1]
        return "\(language == .pseudo ? Pseudo.transform(name) : name) \(year)"
    }

    /// A day given as `YYYY-MM-DD` written out: `Tuesday, 24 November 2026`,
    /// `Dienstag, 24. November 2026`, `mardi 24 novembre 2026`.
    public func longDay(_ iso: String) -> String {
        let fields = iso.split(separator: "-").compactMap { Int($0) }
        guard fields.count == 3, let zone = TimeZone(identifier: "UTC") else { return iso }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: DateComponents(year: fields[0], month: fields[1], day: fields[2])) else { return iso }
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = zone
        formatter.dateFormat = switch language {
        case .en, .pseudo: "EEEE, d MMMM yyyy"
        case .de: "EEEE, d. MMMM yyyy"
        case .fr: "EEEE d MMMM yyyy"
        }
        let text = formatter.string(from: date)
        return language == .pseudo ? Pseudo.transform(text) : text
    }

    /// The time of day of `date` in the zone: `08:30` (24 hours in every language).
    public func time(_ date: Date, zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    static func monthNames(_ locale: Locale) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = locale
        let names: [String] = formatter.standaloneMonthSymbols
        return names.count == 12 ? names : (1...12).map(String.init)
    }
}
