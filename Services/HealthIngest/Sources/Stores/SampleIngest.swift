import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// Stores samples inside one write transaction: consent check, rules, identity, insert,
/// the per-sample events (weight, water, strength) and, at the end, the stored samples of
/// cumulative types added to their day's per-source sums and the day-total events of every
/// day they touched. An import (`jobId` set) announces its water, weights, workouts and strength sets
/// at the end too, in batch events of up to ``HealthEvent/maxBatchSamples`` samples: one
/// message per few hundred samples instead of one each, for every subscriber.
struct SampleIngest {
    enum Outcome {
        case stored(ValidSample, seq: Int64)
        case duplicate(ValidSample)
        case rejected(SampleRejection)
        case noConsent(ConsentType)
    }

    let write: WriteContext
    let user: String
    let jobId: String?
    let now: Date
    private(set) var rules: SampleRules
    private var names: SampleStore.Names
    private var inserter: SampleStore.Inserter
    private let consents: Set<ConsentType>
    /// Whether the user consented to each type, by ``SampleType/code``.
    private let consented: [Bool]
    private let userKey: Int64
    /// The stored samples of cumulative types, summed per type, day and source.
    private var sums: [DaySum: DaySumValue] = [:]
    /// The sums being added to, before they go into `sums`: an export interleaves a few
    /// sources and types (the phone's steps, the watch's, distance, water), so a run of one
    /// type, day and source is a sample or two; a few open sums take each sample without
    /// hashing its day's text.
    private var open: [(key: DaySum, value: DaySumValue)] = []
    private static let openLimit = 8

    /// Each day's raw total (``ValueRules/dayBound(_:)``) as this request has it: the stored
    /// day sums plus what it stored since (its own sums reach `day_source_sum` in ``finish()``).
    private var dayRaw: [DayKey: Double] = [:]
    /// The last day of each type (by ``SampleType/code``), kept apart from `dayRaw` and
    /// `held`: an import sends runs of one day, its steps and distance interleaved.
    private var lastDays: [LastDay?]
    /// The pieces this request stored on each day that held no sample of its type before it
    /// (no day sum when ``rawDayTotal(_:_:)`` first read it): all that day's samples, so its
    /// merge in time (``DayTotals``) needs no reading back. An import in time order stores
    /// most of its days whole in one batch; reading each day back was a quarter of the
    /// service's time.
    private var held: [DayKey: [DayTotals.Piece]] = [:]

    private struct DayKey: Hashable {
        var type: SampleType
        var day: String
    }

    private struct LastDay {
        var day: String
        var total: Double
        /// Its pieces in ``held`` (nil when it holds none).
        var held: [DayTotals.Piece]?
    }

    private struct DaySum: Hashable {
        var type: SampleType
        var day: String
        var sourceId: Int64
    }

    private struct DaySumValue {
        var total = 0.0
        var count = 0

        mutating func add(_ other: DaySumValue) {
            total += other.total
            count += other.count
        }
    }
    /// An import's stored water and weights, announced in batches by ``finish()``.
    private var water: [WaterRecordedBody] = []
    private var weights: [WeightRecordedBody] = []
    private var workouts: [WorkoutRecordedBody] = []
    private var strength: [StrengthSetRecordedBody] = []
    /// The batch's shared sources, each checked once; their ids resolved on first use.
    private var shared: [(checked: SampleRules.CheckedSource, ids: (source: Int64, device: Int64?)?)] = []

    init(write: WriteContext, user: String, jobId: String? = nil, now: Date) throws {
        self.write = write
        self.user = user
        self.jobId = jobId
        self.now = now
        rules = SampleRules(now: now, timeZone: write.request.timeZone)
        names = SampleStore.Names(user: user)
        userKey = try SampleStore.makeUserKey(write.db, user)
        inserter = try SampleStore.Inserter(write.db, userKey: userKey, jobId: jobId, now: now)
        let consents = try ConsentStore.granted(write.db, user: user)
        self.consents = consents
        var consented = [Bool](repeating: false, count: Int(SampleType.allCases.map(\.code).max() ?? 0) + 1)
        for type in SampleType.allCases {
            consented[Int(type.code)] = consents.contains(type.consent)
        }
        self.consented = consented
        lastDays = Array(repeating: nil, count: consented.count)
    }

    /// The sources of an `import.batch`, which its samples name by index.
    mutating func useSources(_ sources: [SampleSource]) {
        shared = sources.map { (SampleRules.check($0), nil) }
    }

    /// Validates and stores one sample naming a shared source by index (see ``useSources(_:)``);
    /// an index out of range is `invalid`.
    mutating func ingest(_ input: SampleInput, sourceIndex index: Int) throws -> Outcome {
        if let type = rules.type(input.type), !consented[Int(type.code)] {
            return .noConsent(type.consent)
        }
        guard shared.indices.contains(index) else {
            return .rejected(SampleRejection(reason: SampleRejection.invalid, field: "sourceIndex", message: "names no source of the batch"))
        }
        let sample: ValidSample
        do throws(SampleRejection) {
            sample = try rules.validate(input, checked: shared[index].checked)
        } catch {
            return .rejected(error)
        }
        let ids: (source: Int64, device: Int64?)
        if let known = shared[index].ids {
            ids = known
        } else {
            ids = (try names.source(write.db, sample.source), try names.device(write.db, sample.device))
            shared[index].ids = ids
        }
        return try store(sample, sourceId: ids.source, deviceId: ids.device)
    }

    func hasConsent(_ type: ConsentType) -> Bool {
        consents.contains(type)
    }

    mutating func validate(_ input: SampleInput, source: SampleSource? = nil) -> Result<ValidSample, SampleRejection> {
        do throws(SampleRejection) {
            return .success(try rules.validate(input, source: source))
        } catch {
            return .failure(error)
        }
    }

    /// Validates and stores one sample, or says why not.
    mutating func ingest(_ input: SampleInput, source: SampleSource? = nil) throws -> Outcome {
        if let type = rules.type(input.type), !consented[Int(type.code)] {
            return .noConsent(type.consent)
        }
        switch validate(input, source: source) {
        case .failure(let rejection):
            return .rejected(rejection)
        case .success(let sample):
            return try store(sample)
        }
    }

    /// Stores a sample that passed the rules (its consent is the caller's to check).
    mutating func store(_ sample: ValidSample) throws -> Outcome {
        try store(sample, sourceId: names.source(write.db, sample.source), deviceId: names.device(write.db, sample.device))
    }

    private mutating func store(_ sample: ValidSample, sourceId: Int64, deviceId: Int64?) throws -> Outcome {
        // A steps or distance sample (the types with a daily bound) cut by local midnight
        // counts on each of its days in part.
        let bound = ValueRules.dayBound(sample.type)
        var pieces: [DaySplit.Piece] = []
        if bound != nil, let offset = sample.utcOffset, sample.end > sample.start {
            let start = sample.start.timeIntervalSince1970, end = sample.end.timeIntervalSince1970
            if DaySplit.crossesMidnight(start: start, end: end, offset: offset) {
                pieces = DaySplit.pieces(start: start, end: end, offset: offset, value: sample.normalized)
            }
        }
        if let bound {
            if pieces.isEmpty {
                if let refusal = try checkBound(sample, bound: bound, day: sample.day, value: sample.normalized) { return refusal }
            } else {
                for piece in pieces {
                    let day = LocalDay(ordinal: piece.ordinal).description
                    if let refusal = try checkBound(sample, bound: bound, day: day, value: piece.value) { return refusal }
                }
            }
        }
        guard let seq = try inserter.insert(sample, sourceId: sourceId, deviceId: deviceId) else {
            return .duplicate(sample)
        }
        try emitRecorded(sample)
        if !pieces.isEmpty {
            for (index, piece) in pieces.enumerated() {
                let day = LocalDay(ordinal: piece.ordinal).description
                // The sample is counted once, on the day of its start; its value on every day.
                addToSum(sample.type, day, sourceId, DaySumValue(total: piece.value, count: index == 0 ? 1 : 0))
                addRaw(sample.type, day, piece.value)
                hold(sample, day: day, start: piece.start, end: piece.end, value: piece.value)
                if index > 0 {
                    try SampleStore.addDayPart(write.db, userKey: userKey, type: sample.type, day: day, key: SampleKey.of(user: userKey, seq: seq))
                }
            }
        } else if sample.type.isCumulative {
            if bound != nil {
                addRaw(sample.type, sample.day, sample.normalized)
                hold(sample, day: sample.day, start: sample.start.timeIntervalSince1970, end: sample.end.timeIntervalSince1970,
                     value: sample.normalized)
            }
            addToSum(sample.type, sample.day, sourceId, DaySumValue(total: sample.normalized, count: 1))
        }
        return .stored(sample, seq: seq)
    }

    /// Nil when `value` more keeps the day within the daily bound; else the refusal (or, for a
    /// sample stored before, its duplicate: whatever its day holds now).
    private mutating func checkBound(_ sample: ValidSample, bound: Double, day: String, value: Double) throws -> Outcome? {
        let before = try rawDayTotal(sample.type, day)
        guard before + value > bound else { return nil }
        if try SampleStore.find(write.db, user: user, sample) != nil { return .duplicate(sample) }
        return .rejected(SampleRejection(
            reason: SampleRejection.dayTotalOutOfRange, field: "value",
            message: "\(ValueRules.dayText(sample.type)); \(day) holds \(Self.figure(before)) and this sample would add \(Self.figure(value))"))
    }

    /// A day's raw total (all sources, before the merge) with what this request stored so far:
    /// read once per day, then kept up as samples are stored. The last day of each type is
    /// kept apart from the dictionaries (``lastDays``).
    private mutating func rawDayTotal(_ type: SampleType, _ day: String) throws -> Double {
        let slot = Int(type.code)
        if let last = lastDays[slot], last.day == day { return last.total }
        park(type)
        let key = DayKey(type: type, day: day)
        if let known = dayRaw[key] {
            lastDays[slot] = LastDay(day: day, total: known, held: held.removeValue(forKey: key))
        } else {
            let stored = try SampleStore.rawDayTotal(write.db, userKey: userKey, type: type, day: day)
            lastDays[slot] = LastDay(day: day, total: stored.total, held: stored.sources == 0 ? [] : nil)
        }
        return lastDays[slot]?.total ?? 0
    }

    /// Puts the last day of `type` with the others (its raw total in `dayRaw`, its pieces in `held`).
    private mutating func park(_ type: SampleType) {
        guard let last = lastDays[Int(type.code)] else { return }
        let key = DayKey(type: type, day: last.day)
        dayRaw[key] = last.total
        if let pieces = last.held { held[key] = pieces }
        lastDays[Int(type.code)] = nil
    }

    /// Keeps a stored piece of a day that held nothing before this request (see ``held``).
    private mutating func hold(_ sample: ValidSample, day: String, start: Double, end: Double, value: Double) {
        let slot = Int(sample.type.code)
        if lastDays[slot]?.day == day {
            lastDays[slot]?.held?.append((sample.source, start, end, value))
        } else {
            held[DayKey(type: sample.type, day: day)]?.append((sample.source, start, end, value))
        }
    }

    /// Adds a stored value to a day that ``rawDayTotal(_:_:)`` read in this request.
    private mutating func addRaw(_ type: SampleType, _ day: String, _ value: Double) {
        let slot = Int(type.code)
        if lastDays[slot]?.day == day {
            lastDays[slot]?.total += value
        } else {
            dayRaw[DayKey(type: type, day: day)]? += value
        }
    }

    private static func figure(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// Adds a stored value to its type's, day's and source's sum.
    private mutating func addToSum(_ type: SampleType, _ day: String, _ sourceId: Int64, _ value: DaySumValue) {
        for index in open.indices where open[index].key.sourceId == sourceId && open[index].key.type == type && open[index].key.day == day {
            open[index].value.add(value)
            return
        }
        if open.count == Self.openLimit {
            let oldest = open.removeFirst()
            sums[oldest.key, default: DaySumValue()].add(oldest.value)
        }
        open.append((DaySum(type: type, day: day, sourceId: sourceId), value))
    }

    private mutating func closeSums() {
        for (key, value) in open {
            sums[key, default: DaySumValue()].add(value)
        }
        open.removeAll(keepingCapacity: true)
    }

    /// Saves the sample seq counter and the day sums, and emits the day-total events of the
    /// days the stored samples touched. Every request that made a `SampleIngest` calls it
    /// before it returns.
    mutating func finish() throws {
        try inserter.save()
        if let jobId, let keys = inserter.storedKeys {
            try ImportJobStore.extendKeys(write.db, id: jobId, with: keys)
        }
        for start in stride(from: 0, to: weights.count, by: HealthEvent.maxBatchSamples) {
            let part = weights[start..<min(weights.count, start + HealthEvent.maxBatchSamples)]
            try write.emit(.healthWeightBatchRecorded, user: user, try RecordedBatchWriter.weight(user: user, samples: part))
        }
        for start in stride(from: 0, to: water.count, by: HealthEvent.maxBatchSamples) {
            let part = water[start..<min(water.count, start + HealthEvent.maxBatchSamples)]
            try write.emit(.healthWaterBatchRecorded, user: user, try RecordedBatchWriter.water(user: user, samples: part))
        }
        try emitBatches(.healthWorkoutBatchRecorded, workouts)
        for start in stride(from: 0, to: strength.count, by: HealthEvent.maxBatchSamples) {
            let part = strength[start..<min(strength.count, start + HealthEvent.maxBatchSamples)]
            try write.emit(.healthStrengthBatchRecorded, user: user, try StrengthBatchWriter.body(user: user, samples: part))
        }
        strength = []
        weights = []
        water = []
        workouts = []
        closeSums()
        for type in SampleType.allCases { park(type) }
        var touched: [SampleType: Set<String>] = [:]
        for (key, sum) in sums {
            try SampleStore.addToDaySum(
                write.db, userKey: userKey, type: key.type, day: key.day, sourceId: key.sourceId, total: sum.total, count: sum.count)
            if DayTotals.tracked.contains(key.type) {
                touched[key.type, default: []].insert(key.day)
            }
        }
        sums = [:]
        for (type, days) in touched.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            var pieces: [String: [DayTotals.Piece]] = [:]
            for day in days {
                if let stored = held[DayKey(type: type, day: day)] { pieces[day] = stored }
            }
            try DayTotals.refresh(write, user: user, type: type, days: days.sorted(), held: pieces)
        }
        held = [:]
    }

    /// `samples` in events of `event` of at most ``HealthEvent/maxBatchSamples`` each.
    private func emitBatches<Sample>(_ event: Event<RecordedBatchBody<Sample>>, _ samples: [Sample]) throws {
        for start in stride(from: 0, to: samples.count, by: HealthEvent.maxBatchSamples) {
            let part = Array(samples[start..<min(samples.count, start + HealthEvent.maxBatchSamples)])
            try write.emit(event, user: user, RecordedBatchBody(user: user, samples: part))
        }
    }

    /// Steps and distance announce nothing per sample (their day totals go out from
    /// ``finish()``), so the identity's hex text is made only for the types that do.
    private mutating func emitRecorded(_ sample: ValidSample) throws {
        switch sample.type {
        case .steps, .distance:
            return
        default:
            break
        }
        let sampleId = SampleIdentity.hex(sample.identity)
        switch sample.type {
        case .bodyMass:
            let body = WeightRecordedBody(
                user: user, sampleId: sampleId, weightKg: sample.normalized, measuredAt: sample.start, source: sample.source,
                timeZone: write.request.timeZoneName, day: sample.day, utcOffset: sample.utcOffset)
            if jobId != nil {
                weights.append(body)
            } else {
                try write.emit(.healthWeightRecorded, user: user, body)
            }
        case .dietaryWater:
            let body = WaterRecordedBody(
                user: user, sampleId: sampleId, volumeMl: sample.normalized, at: sample.start, day: sample.day,
                timeZone: write.request.timeZoneName, source: sample.source, utcOffset: sample.utcOffset)
            if jobId != nil {
                water.append(body)
            } else {
                try write.emit(.healthWaterRecorded, user: user, body)
            }
        case .strength:
            let body = StrengthSetRecordedBody(
                user: user, sampleId: sampleId, day: try LocalDay(stored: sample.day), exercise: sample.exercise ?? "",
                sets: sample.sets ?? 0, reps: sample.reps ?? 0, weightKg: sample.normalized, warmup: sample.warmup ? true : nil)
            if jobId != nil {
                strength.append(body)
            } else {
                try write.emit(.healthStrengthRecorded, user: user, body)
            }
        case .workout:
            let body = WorkoutRecordedBody(
                user: user, sampleId: sampleId, activity: sample.exercise ?? "", day: sample.day, start: sample.start,
                end: sample.end, durationSeconds: sample.normalized, distanceMeters: sample.distanceMeters,
                energyKcal: sample.energyKcal, source: sample.source)
            if jobId != nil {
                workouts.append(body)
            } else {
                try write.emit(.healthWorkoutRecorded, user: user, body)
            }
        case .steps, .distance:
            break
        }
    }
}
