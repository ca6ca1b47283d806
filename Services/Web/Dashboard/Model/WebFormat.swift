public import Foundation
public import QuenchProtocol
public import QuenchStrings

/// Numbers, volumes, weights and times as the dashboard shows them, in the request's
/// language (``PageContext/localizer``): digits grouped by the locale (1,250 · 1.250 ·
/// 1 250), unit symbols from the catalog (`UnitText`), days and months named in the language.
public enum WebFormat {
    /// The name shown in every page's head and title (a name: not translated).
    static let appName = "Quench"

    /// `1,234,567` · `1.234.567` · `1 234 567`.
    public static func thousands(_ value: Int64, _ l: Localizer) -> String {
        l.integer(value)
    }

    /// A volume in mL in the user's unit: `1,250 mL`, `1.25 L`, `8.5 fl oz` (`1.250 ml` in German).
    public static func volume(_ millilitres: Double, units: DisplayUnits, _ l: Localizer) -> String {
        switch units.volume {
        case "L": l(UnitText.litres(number(millilitres / 1000, places: 2, l)))
        case "fl-oz": l(UnitText.fluidOunces(number(millilitres / millilitresPerFluidOunce, places: 1, l)))
        default: l(UnitText.millilitres(number(millilitres, places: 1, l)))
        }
    }

    /// A volume in mL as a number in the user's form unit, for a form field's value: no digit
    /// groups, the decimal mark of `language` (`1250.5` · `1250,5`), as ``FormNumber`` reads it back.
    public static func formVolume(_ millilitres: Double, units: DisplayUnits, language: Language = .en) -> String {
        switch units.volume {
        case "L": FormNumber.format(millilitres / 1000, places: 3, language: language)
        case "fl-oz": FormNumber.format(millilitres / millilitresPerFluidOunce, places: 1, language: language)
        default: FormNumber.format(millilitres, places: 1, language: language)
        }
    }

    /// A weight in kg in the user's unit: `72.5 kg`, `159.84 lb` (`72,5 kg`).
    public static func weight(_ kilograms: Double, units: DisplayUnits, _ l: Localizer) -> String {
        units.weight == "lb"
            ? l(UnitText.pounds(number(kilograms / ValueRules.kilogramsPerPound, places: 2, l)))
            : l(UnitText.kilograms(number(kilograms, places: 2, l)))
    }

    /// `68 %`, `112.5 %` (`112,5 %`).
    public static func percent(_ value: Double, _ l: Localizer) -> String {
        l.percent(rounded(value, places: 1))
    }

    /// A day in the language: `2026-11-24` · `24.11.2026` · `24/11/2026`.
    public static func day(_ day: LocalDay, _ l: Localizer) -> String {
        l.day(day.description)
    }

    /// `HH:mm` of `instant` in the IANA zone `zone` (UTC when unknown), in every language.
    public static func time(_ instant: Date, zone: String) -> String {
        let offset = (TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0)!).secondsFromGMT(for: instant)
        let seconds = Int((instant.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let minuteOfDay = ((seconds / 60) % 1440 + 1440) % 1440
        return twoDigits(minuteOfDay / 60) + ":" + twoDigits(minuteOfDay % 60)
    }

    /// `Tuesday, 24 November 2026` · `Dienstag, 24. November 2026` · `mardi 24 novembre 2026`.
    public static func longDay(_ day: LocalDay, _ l: Localizer) -> String {
        l.longDay(day.description)
    }

    /// `November 2026` of a `YYYY-MM` month (the text itself when it is not one).
    public static func month(_ month: String, _ l: Localizer) -> String {
        l.month(month)
    }

    /// Monday … Sunday: (two letters, the whole name) in the language.
    public static func weekdays(_ l: Localizer) -> [(short: String, long: String)] {
        let short = l(DashboardText.weekdaysShort).split(separator: "|").map(String.init)
        let long = l(DashboardText.weekdayNames).split(separator: "|").map(String.init)
        return Array(zip(short, long))
    }

    /// 0 for Monday … 6 for Sunday.
    public static func weekday(_ day: LocalDay) -> Int {
        // 1970-01-01 (ordinal 0) was a Thursday (3).
        ((day.ordinal + 3) % 7 + 7) % 7
    }

    /// A steps axis label: `12k` · `12 Tsd.` · `12 k` (the CLI's chart labels).
    static func axis(_ value: Double, _ l: Localizer) -> String {
        let magnitude = abs(value)
        if magnitude >= 1_000_000 { return l(StepsText.millions(l.decimal(value / 1_000_000, maximum: 2))) }
        if magnitude >= 1_000 { return l(StepsText.thousands(l.decimal(value / 1_000, maximum: 2))) }
        return l.decimal(value, maximum: 2)
    }

    /// A number with at most `places` decimals (rounded half away from zero, as the English
    /// dashboard always showed them), digits grouped by the locale.
    static func number(_ value: Double, places: Int, _ l: Localizer) -> String {
        guard value.isFinite else { return "0" }
        return l.decimal(rounded(value, places: places), maximum: places)
    }

    /// `text` with its first letter upper case (a fluid's or trophy's name as a label).
    static func capitalised(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// A trophy by its name in the page's language, capitalised: `Gold`, `Silber`, `Argent`,
    /// `Zombie hand` (`TrophyText`); an id outside the set as a name: `gold_star` → `Gold Star`.
    static func trophyName(_ trophy: String, _ l: Localizer) -> String {
        if case .other = TrophyText(id: trophy) {
            return trophy.split(separator: "_").map { capitalised(String($0)) }.joined(separator: " ")
        }
        return capitalised(l(TrophyText(id: trophy)))
    }

    static let millilitresPerFluidOunce = VolumeUnit.millilitresPerUSFluidOunce

    private static func rounded(_ value: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    /// At most `places` decimals, without trailing zeros, a dot and no grouping: a machine
    /// number for form values and data attributes.
    static func decimals(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int64((value * scale).rounded())
        let whole = scaled / Int64(scale)
        var fraction = String(abs(scaled % Int64(scale)))
        while fraction.count < places { fraction = "0" + fraction }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = scaled < 0 && whole == 0 ? "-" : ""
        return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
