/// Rules for the fields people type, shared by every service so that a volume, a unit or a
/// day is judged — and refused — the same way everywhere. Each failure names its field; the
/// offending input is echoed only up to a bounded length.
public enum FieldRules {
    /// `ml` (the default when absent), `l` or `floz`, as `VolumeUnit(parsing:)` reads them.
    public static func volumeUnit(_ raw: String?, field: String = "unit") throws -> VolumeUnit {
        guard let raw else { return .milliliter }
        guard raw.utf8.count <= 32, let unit = VolumeUnit(parsing: raw) else {
            throw QuenchError.invalidArgument(field, "must be one of \(VolumeUnit.accepted), got '\(raw.prefix(32))'")
        }
        return unit
    }

    /// A volume in whole microlitres: finite, more than 0 and at most `maxMicrolitres`
    /// (`limit` is how the rule reads in the message, e.g. "6000 mL per entry").
    public static func volume(
        _ value: Double, unit: VolumeUnit, field: String = "volume", maxMicrolitres: Int64, limit: String
    ) throws -> Int64 {
        guard value.isFinite else {
            throw QuenchError.invalidArgument(field, "must be a finite number, got \(value)")
        }
        guard value > 0 else {
            throw QuenchError.invalidArgument(field, "must be greater than 0 mL, got \(value) \(unit.rawValue)")
        }
        guard let microlitres = unit.toMicrolitres(value), microlitres <= maxMicrolitres else {
            throw QuenchError.invalidArgument(field, "must be at most \(limit), got \(value) \(unit.rawValue)")
        }
        guard microlitres > 0 else {
            throw QuenchError.invalidArgument(field, "must be at least 0.001 mL, got \(value) \(unit.rawValue)")
        }
        return microlitres
    }

    /// A day `YYYY-MM-DD` (a real calendar date), or `fallback()` when absent.
    public static func day(_ raw: String?, field: String = "day", default fallback: () -> LocalDay) throws -> LocalDay {
        guard let raw else { return fallback() }
        guard raw.utf8.count <= 10, let day = LocalDay(raw) else {
            throw QuenchError.invalidArgument(field, "must be a date YYYY-MM-DD, got '\(raw.prefix(40))'")
        }
        return day
    }
}
