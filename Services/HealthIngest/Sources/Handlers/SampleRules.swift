import Foundation
import QuenchProtocol

/// The rules a sample must meet. Each failure names a reason (counted by imports) and the
/// field (reported when a single sample is refused).
///
/// Physical ranges: ``ValueRules`` (shared with goals, intake and the CLI); strength sets
/// 1…100, reps 1…1000. Instants from 2000-01-01 to 5 minutes ahead; the end not before the start.
struct SampleRules {
    static let earliest = Date(timeIntervalSince1970: 946_684_800)
    static let futureTolerance: TimeInterval = 5 * 60
    static let maxSourceLength = 200
    static let maxDeviceLength = 500
    static let maxExerciseLength = 100
    static let defaultSource = "quench"
    /// The widest UTC offset a sample may give (±18 h, as ISO 8601 and Foundation allow).
    static let maxUTCOffset = 18 * 3600
    /// The longest steps or distance sample: its value is split over each local day it covers
    /// (``DaySplit``), one day sum per day, so its days are bounded.
    static let maxCumulativeSpan: TimeInterval = 31 * 86_400

    let now: Date
    var days: LocalDayResolver
    /// Strength days' starts in the request's zone (a set's `start`), by day ordinal, and the
    /// calendar they are computed with: made once per request, not once per set.
    private var dayStarts: [Int: Date] = [:]
    private var dayCalendar: Calendar?
    /// Reused for every sample's identity bytes.
    private var identity = SampleIdentity()
    /// The last unit looked up for each type (by ``SampleType/code``): an export's types
    /// interleave (steps, distance, water), each in runs of one unit.
    private var lastUnits: [(raw: String, entry: UnitTable.Entry)?] =
        Array(repeating: nil, count: Int(SampleType.allCases.map(\.code).max() ?? 0) + 1)
    /// The types looked up so far (a handful), for the same reason.
    private var knownTypes: [(raw: String, type: SampleType)] = []

    /// The type `raw` names, nil for none.
    mutating func type(_ raw: String) -> SampleType? {
        for known in knownTypes where known.raw == raw { return known.type }
        guard let type = SampleType(rawValue: raw) else { return nil }
        if knownTypes.count < SampleType.allCases.count { knownTypes.append((raw, type)) }
        return type
    }

    private mutating func unit(_ raw: String, type: SampleType) -> UnitTable.Entry? {
        let slot = Int(type.code)
        if let last = lastUnits[slot], last.raw == raw { return last.entry }
        guard let entry = UnitTable.lookup(raw, type: type) else { return nil }
        lastUnits[slot] = (raw, entry)
        return entry
    }

    init(now: Date, timeZone: TimeZone) {
        self.now = now
        days = LocalDayResolver(timeZone: timeZone)
    }

    /// A batch's shared source, checked once for all the samples that name it.
    typealias CheckedSource = Result<(name: String, device: String?), SampleRejection>

    /// Checks a shared source's name and device as ``validate(_:source:)`` would for each sample.
    static func check(_ source: SampleSource) -> CheckedSource {
        do throws(SampleRejection) {
            let name = try text(source.name, field: "source", max: maxSourceLength)
            let device = try source.device.map { raw throws(SampleRejection) in
                try text(SampleSource.normalizedDevice(raw), field: "device", max: maxDeviceLength, allowEmpty: true)
            }
            return .success((name, device))
        } catch {
            return .failure(error)
        }
    }

    mutating func validate(_ input: SampleInput, source sharedSource: SampleSource? = nil) throws(SampleRejection) -> ValidSample {
        try validate(input) { () throws(SampleRejection) in
            let source = try Self.text(sharedSource?.name ?? input.source ?? Self.defaultSource, field: "source", max: Self.maxSourceLength)
            let rawDevice = sharedSource?.device ?? input.device
            var device: String?
            if let rawDevice {
                device = try Self.text(SampleSource.normalizedDevice(rawDevice), field: "device", max: Self.maxDeviceLength, allowEmpty: true)
            }
            return (source, device)
        }
    }

    /// Validates a sample whose source was checked once for its whole batch.
    mutating func validate(_ input: SampleInput, checked: CheckedSource) throws(SampleRejection) -> ValidSample {
        try validate(input) { () throws(SampleRejection) in try checked.get() }
    }

    /// The rules in order (type, unit, value, range, source, device, instants); `source`
    /// gives the checked source text and device when the sample gets that far.
    private mutating func validate(
        _ input: SampleInput, source resolve: () throws(SampleRejection) -> (name: String, device: String?)
    ) throws(SampleRejection) -> ValidSample {
        guard let type = type(input.type) else {
            throw SampleRejection(
                reason: SampleRejection.unknownType, field: "type",
                message: "must be one of \(SampleType.allCases.map(\.rawValue).joined(separator: ", ")), got '\(input.type.prefix(40))'")
        }
        guard let unit = unit(input.unit, type: type) else {
            throw SampleRejection(
                reason: SampleRejection.unknownUnit, field: "unit",
                message: "must be one of \(UnitTable.accepted(type)) for \(type.rawValue), got '\(input.unit.prefix(40))'")
        }
        guard input.value.isFinite else {
            throw SampleRejection(reason: SampleRejection.outOfRange, field: "value", message: "must be a finite number")
        }
        let normalized = input.value * unit.factor
        try Self.checkRange(type, normalized, input)
        let (source, device) = try resolve()
        if type == .strength {
            return try strength(input, unit: unit, normalized: normalized, source: source, device: device)
        }
        var workout: (activity: String, meters: Double?, kcal: Double?)?
        if type == .workout { workout = try Self.workout(input) }
        let start = Self.rounded(input.start ?? now)
        let end = input.end.map(Self.rounded) ?? start
        try checkInstant(start, field: "start")
        try checkInstant(end, field: "end")
        guard end >= start else {
            throw SampleRejection(reason: SampleRejection.endsBeforeStart, field: "end", message: "must not be before start (\(start)), got \(end)")
        }
        if let offset = input.utcOffset, abs(offset) > Self.maxUTCOffset {
            throw SampleRejection(reason: SampleRejection.invalid, field: "utcOffset", message: "must be -64800 to 64800 seconds, got \(offset)")
        }
        // The day is taken at the sample's own offset, else at the request zone's at its start.
        let offset = input.utcOffset ?? days.offset(at: start)
        if end.timeIntervalSince(start) > Self.maxCumulativeSpan, DayTotals.tracked.contains(type) {
            throw SampleRejection(
                reason: SampleRejection.invalid, field: "end",
                message: "a \(type.rawValue) sample may span at most 31 days (its value is split over the days it covers), got \(Int(end.timeIntervalSince(start) / 86_400)) days")
        }
        identity.reset()
        identity.add(type.rawValue)
        identity.add(source)
        identity.add(Self.milliseconds(start))
        identity.add(Self.milliseconds(end))
        identity.add(input.value)
        identity.add(unit.canonical)
        if let workout { identity.add(workout.activity) }
        return ValidSample(
            type: type, value: input.value, unit: input.unit, normalized: normalized, start: start, end: end,
            day: days.dayText(of: start, utcOffset: offset), utcOffset: offset, source: source, device: device,
            exercise: workout?.activity, distanceMeters: workout?.meters, energyKcal: workout?.kcal, identity: identity.value)
    }

    /// A workout's activity (required), distance and energy (optional, each with its unit).
    private static func workout(_ input: SampleInput) throws(SampleRejection) -> (activity: String, meters: Double?, kcal: Double?) {
        let activity = try text(input.activity ?? "", field: "activity", max: maxExerciseLength)
        func quantity(
            _ value: Double?, _ unit: String?, field: String, table: [String: Double], range: ClosedRange<Double>, rule: String
        ) throws(SampleRejection) -> Double? {
            guard let value else { return nil }
            guard let unit, let factor = table[unit] else {
                throw SampleRejection(
                    reason: SampleRejection.unknownUnit, field: field + "Unit",
                    message: "must be one of \(table.keys.sorted().joined(separator: ", ")), got '\((unit ?? "nothing").prefix(20))'")
            }
            let normalized = value * factor
            guard normalized.isFinite, range.contains(normalized) else {
                throw SampleRejection(reason: SampleRejection.outOfRange, field: field, message: "\(rule), got \(value) \(unit)")
            }
            return normalized
        }
        let meters = try quantity(
            input.distance, input.distanceUnit, field: "distance", table: UnitTable.workoutDistance, range: ValueRules.workoutMeters,
            rule: "a workout's distance must be 0 to 1000 km")
        let kcal = try quantity(
            input.energy, input.energyUnit, field: "energy", table: UnitTable.workoutEnergy, range: ValueRules.workoutKcal,
            rule: "a workout's energy must be 0 to 100000 kcal")
        return (activity, meters, kcal)
    }

    /// `day.start(in: days.timeZone)`, with the calendar and the answers kept for the request:
    /// a strength set's `start`.
    mutating func start(of day: LocalDay) -> Date {
        let ordinal = day.ordinal
        if let known = dayStarts[ordinal] { return known }
        let calendar = dayCalendar ?? {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = days.timeZone
            return calendar
        }()
        dayCalendar = calendar
        let start = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) ?? day.start(in: days.timeZone)
        if dayStarts.count < 4096 { dayStarts[ordinal] = start }
        return start
    }

    private mutating func strength(
        _ input: SampleInput, unit: UnitTable.Entry, normalized: Double, source: String, device: String?
    ) throws(SampleRejection) -> ValidSample {
        guard let dayText = input.day else {
            throw SampleRejection(reason: SampleRejection.invalid, field: "day", message: "is required for a strength set (YYYY-MM-DD)")
        }
        guard let day = LocalDay(dayText) else {
            throw SampleRejection(
                reason: SampleRejection.invalid, field: "day", message: "must be a date YYYY-MM-DD, got '\(dayText.prefix(20))'",
                rule: ErrorRule("day.date", ["got": String(dayText.prefix(20))]))
        }
        let exercise = try Self.text(input.exercise ?? "", field: "exercise", max: Self.maxExerciseLength)
        guard let sets = input.sets, (1...100).contains(sets) else {
            throw SampleRejection(reason: SampleRejection.outOfRange, field: "sets", message: "must be 1 to 100, got \(input.sets.map(String.init) ?? "nothing")")
        }
        guard let reps = input.reps, (1...1000).contains(reps) else {
            throw SampleRejection(reason: SampleRejection.outOfRange, field: "reps", message: "must be 1 to 1000, got \(input.reps.map(String.init) ?? "nothing")")
        }
        let occurrence = input.occurrence ?? 0
        guard (0...100_000).contains(occurrence) else {
            throw SampleRejection(reason: SampleRejection.invalid, field: "occurrence", message: "must be 0 to 100000, got \(occurrence)")
        }
        let start = start(of: day)
        try checkInstant(start, field: "day")
        let dayName = day.description
        let id = identity.strength(
            day: dayName, exercise: exercise, sets: sets, reps: reps, weight: input.value, unit: unit.canonical, occurrence: occurrence)
        return ValidSample(
            type: .strength, value: input.value, unit: input.unit, normalized: normalized, start: start, end: start,
            day: dayName, source: source, device: device, exercise: exercise, sets: sets, reps: reps, identity: id,
            warmup: input.warmup == true)
    }

    /// The shared range (``ValueRules``) of the normalised value.
    private static func checkRange(_ type: SampleType, _ normalized: Double, _ input: SampleInput) throws(SampleRejection) {
        guard ValueRules.accepts(type, normalized: normalized) else {
            let given = "\(input.value) \(input.unit.prefix(20))"
            // A weight's rule has a name (`weight.range`) a client says in its language.
            let rule = type == .bodyMass
                ? ErrorRule("weight.range", ["minKg": "\(ValueRules.bodyMassKg.lowerBound)", "maxKg": "\(ValueRules.bodyMassKg.upperBound)", "got": "\(input.value)", "unit": String(input.unit.prefix(20))])
                : nil
            throw SampleRejection(reason: SampleRejection.outOfRange, field: "value", message: "\(ValueRules.text(type)), got \(given)", rule: rule)
        }
    }

    private func checkInstant(_ instant: Date, field: String) throws(SampleRejection) {
        guard instant.timeIntervalSince1970.isFinite, instant >= Self.earliest else {
            throw SampleRejection(
                reason: SampleRejection.tooOld, field: field, message: "must be on or after 2000-01-01, got \(instant)", rule: FieldRules.earliestRule(instant))
        }
        guard instant.timeIntervalSince(now) <= Self.futureTolerance else {
            throw SampleRejection(
                reason: SampleRejection.inFuture, field: field, message: "is more than 5 minutes in the future (\(instant), now \(now))",
                rule: FieldRules.futureRule(instant, now: now))
        }
    }

    /// Trimmed, control characters (which real exports contain) replaced by spaces.
    private static func text(_ raw: String, field: String, max: Int, allowEmpty: Bool = false) throws(SampleRejection) -> String {
        if let plain = plainASCII(raw, max: max) {
            return plain
        }
        var text = raw
        if raw.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            text = String(String.UnicodeScalarView(raw.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard allowEmpty || !text.isEmpty, text.unicodeScalars.count <= max else {
            throw SampleRejection(reason: SampleRejection.invalid, field: field, message: "must be 1 to \(max) characters, got \(raw.unicodeScalars.count)")
        }
        return text
    }

    /// The common case without Foundation: printable ASCII, no space at either end.
    private static func plainASCII(_ raw: String, max: Int) -> String? {
        let utf8 = raw.utf8
        guard let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20, utf8.count <= max else { return nil }
        for byte in utf8 where byte < 0x20 || byte > 0x7E {
            return nil
        }
        return raw
    }

    static func milliseconds(_ instant: Date) -> Int64 {
        Int64((instant.timeIntervalSince1970 * 1000).rounded())
    }

    /// The instant at millisecond precision, the precision of the identity (NaN and
    /// infinities pass through, for the range check to refuse).
    static func rounded(_ instant: Date) -> Date {
        let seconds = instant.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return instant }
        return Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000)
    }
}
