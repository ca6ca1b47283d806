public import Foundation

/// Rules for the fields people type, shared by every service so that a volume, a unit or a
/// day is judged — and refused — the same way everywhere. Each failure names its field; the
/// offending input is echoed only up to a bounded length.
public enum FieldRules {
    /// `ml` (the default when absent), `l` or `floz`, as `VolumeUnit(parsing:)` reads them.
    public static func volumeUnit(_ raw: String?, field: String = "unit") throws -> VolumeUnit {
        guard let raw else { return .milliliter }
        guard raw.utf8.count <= 32, let unit = VolumeUnit(parsing: raw) else {
            throw QuenchError.invalidArgument(
                field, "must be one of \(VolumeUnit.accepted), got '\(raw.prefix(32))'",
                rule: ErrorRule("unit.one_of", ["accepted": VolumeUnit.accepted, "got": String(raw.prefix(32))]))
        }
        return unit
    }

    /// A volume in whole microlitres: finite, more than 0 and at most `maxMicrolitres`
    /// (`limit` is how the rule reads in the message, e.g. "6000 mL per entry").
    public static func volume(
        _ value: Double, unit: VolumeUnit, field: String = "volume", maxMicrolitres: Int64, limit: String
    ) throws -> Int64 {
        guard value.isFinite else {
            throw QuenchError.invalidArgument(field, "must be a finite number, got \(value)", rule: ErrorRule("volume.finite", ["got": "\(value)"]))
        }
        guard value > 0 else {
            throw QuenchError.invalidArgument(
                field, "must be greater than 0 mL, got \(value) \(unit.rawValue)", rule: ErrorRule("volume.positive", got(value, unit)))
        }
        // Checked as sent, before rounding to whole microlitres (6000.0000001 mL is over 6000).
        guard value * unit.microlitres <= Double(maxMicrolitres), let microlitres = unit.toMicrolitres(value),
              microlitres <= maxMicrolitres else {
            var values = got(value, unit)
            values["limitMl"] = "\(Double(maxMicrolitres) / 1000)"
            throw QuenchError.invalidArgument(field, "must be at most \(limit), got \(value) \(unit.rawValue)", rule: ErrorRule("volume.max", values))
        }
        guard microlitres > 0 else {
            throw QuenchError.invalidArgument(
                field, "must be at least 0.001 mL, got \(value) \(unit.rawValue)", rule: ErrorRule("volume.min", got(value, unit)))
        }
        return microlitres
    }

    /// A volume rule's `got` and `unit` (the value as sent, `ml`, `l` or `floz`).
    private static func got(_ value: Double, _ unit: VolumeUnit) -> [String: String] {
        ["got": "\(value)", "unit": unit.rawValue]
    }

    /// `text` as a quoted literal for an error message: control and non-ASCII characters
    /// escaped (`\0`, `\n`, `\u{1F600}`), cut to 40 characters with its byte length noted.
    public static func quoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let escaped = scalars.prefix(40).map { scalar in
            scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7f ? String(scalar) : scalar.escaped(asASCII: true)
        }.joined()
        let cut = scalars.count > 40 ? "… (\(text.utf8.count) bytes)" : ""
        return "'\(escaped)'\(cut)"
    }

    /// The instants Quench stores and prints: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
    public static let instantRange = Date(timeIntervalSince1970: -62_135_596_800)...Date(timeIntervalSince1970: 253_402_300_799)

    /// Throws `invalid_argument` on `field` unless `date` is within `instantRange` (a MessagePack
    /// timestamp reaches far beyond it, where a date cannot even be printed).
    public static func instant(_ date: Date, field: String) throws -> Date {
        guard date.timeIntervalSince1970.isFinite, instantRange.contains(date) else {
            throw QuenchError.invalidArgument(
                field, "must be an instant between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, got \(date.timeIntervalSince1970) s since 1970",
                rule: ErrorRule("at.range", ["got": text(date)]))
        }
        return date
    }

    /// `at.future`: `at` is more than 5 minutes after `now` (both ISO 8601, UTC).
    public static func futureRule(_ at: Date, now: Date) -> ErrorRule {
        ErrorRule("at.future", ["got": text(at), "now": text(now)])
    }

    /// `at.earliest`: `at` is before 2000-01-01, where no real record is.
    public static func earliestRule(_ at: Date) -> ErrorRule {
        ErrorRule("at.earliest", ["got": text(at), "earliest": "2000-01-01"])
    }

    /// `date` in ISO 8601 (UTC), for messages; a date outside `instantRange` as seconds since 1970.
    public static func text(_ date: Date) -> String {
        guard date.timeIntervalSince1970.isFinite, instantRange.contains(date) else { return "\(date.timeIntervalSince1970) s since 1970" }
        return date.formatted(.iso8601)
    }
}
