public import Foundation
public import QuenchProtocol

/// Numbers, volumes, weights and times as the dashboard shows them (English formats; they
/// move with ``DashboardText`` to the catalog's formats).
public enum WebFormat {
    /// `1,234,567`.
    public static func thousands(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + String(out.reversed())
    }

    /// A volume in mL in the user's unit: `1,250 mL`, `1.25 L`, `8.5 fl oz`.
    public static func volume(_ millilitres: Double, units: DisplayUnits) -> String {
        switch units.volume {
        case "L":
            return decimals(millilitres / 1000, places: 2) + " L"
        case "fl-oz":
            return decimals(millilitres / millilitresPerFluidOunce, places: 1) + " fl oz"
        default:
            return millilitres == millilitres.rounded()
                ? thousands(Int64(millilitres)) + " mL"
                : decimals(millilitres, places: 1) + " mL"
        }
    }

    /// A volume in mL as a number in the user's form unit (for a form field's value).
    public static func formVolume(_ millilitres: Double, units: DisplayUnits) -> String {
        switch units.volume {
        case "L": decimals(millilitres / 1000, places: 3)
        case "fl-oz": decimals(millilitres / millilitresPerFluidOunce, places: 1)
        default: decimals(millilitres, places: 1)
        }
    }

    /// A weight in kg in the user's unit: `72.5 kg`, `159.84 lb`.
    public static func weight(_ kilograms: Double, units: DisplayUnits) -> String {
        let pounds = units.weight == "lb"
        return decimals(pounds ? kilograms / ValueRules.kilogramsPerPound : kilograms, places: 2) + (pounds ? " lb" : " kg")
    }

    /// `68 %`, `112.5 %`.
    public static func percent(_ value: Double) -> String {
        decimals(value, places: 1) + " %"
    }

    /// `HH:mm` of `instant` in the IANA zone `zone` (UTC when unknown).
    public static func time(_ instant: Date, zone: String) -> String {
        let offset = (TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0)!).secondsFromGMT(for: instant)
        let seconds = Int((instant.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let minuteOfDay = ((seconds / 60) % 1440 + 1440) % 1440
        return twoDigits(minuteOfDay / 60) + ":" + twoDigits(minuteOfDay % 60)
    }

    /// `Tuesday, 24 November 2026`.
    public static func longDay(_ day: LocalDay) -> String {
        "\(DashboardText.weekdayNames[weekday(day)]), \(day.day) \(monthName(day.month)) \(day.year)"
    }

    /// `November 2026` of a `YYYY-MM` month (the text itself when it is not one).
    public static func month(_ month: String) -> String {
        guard let first = LocalDay(month + "-01") else { return month }
        return "\(monthName(first.month)) \(first.year)"
    }

    /// 0 for Monday … 6 for Sunday.
    public static func weekday(_ day: LocalDay) -> Int {
        // 1970-01-01 (ordinal 0) was a Thursday (3).
        ((day.ordinal + 3) % 7 + 7) % 7
    }

    static func monthName(_ month: Int) -> String {
        ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][
            max(0, min(11, month - 1))]
    }

    static let millilitresPerFluidOunce = 29.5735295625

    /// At most `places` decimals, without trailing zeros; thousands grouped.
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
        return sign + thousands(whole) + (fraction.isEmpty ? "" : "." + fraction)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
