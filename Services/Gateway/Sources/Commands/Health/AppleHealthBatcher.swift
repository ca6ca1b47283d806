import Foundation
import HealthImport
import QuenchProtocol

/// Turns parsed Apple Health records into `import.batch` bodies: up to 2000 samples, each
/// naming its source by index into the batch's source list (devices without Apple's
/// per-record object address, so a batch lists a handful of sources, not one per sample).
/// The body is written as MessagePack directly (``ImportBatchBody``), on the parser thread.
struct AppleHealthBatcher {
    static let batchSize = ImportBatchRequest.maxSamples
    /// From this many samples on, a batch ends where a new local day starts (at the records'
    /// own offsets), so that a day's samples mostly arrive in one batch: health-ingest merges
    /// a day its request brought whole from what it stored, and reads back a day an earlier
    /// batch began (a day of an export holds a few hundred records; a fuller day, or a run
    /// without a new day, still ends its batch at ``batchSize``).
    static let dayCut = 1_600

    private var body: ImportBatchBody
    /// The batch's first sources (name and normalised device) with their index: an export's
    /// records alternate between a few sources, each record's device text naming another
    /// object address; normalising and hashing a source per record was a tenth of the CLI's
    /// time, comparing it with a few known ones is a scan of its bytes.
    private var known: [(name: String, device: String?, index: Int)] = []
    static let knownLimit = 16
    /// The last local day (ordinal) the batch's records reach, at their own offsets.
    private var lastDay = Int.min

    init(jobId: String) {
        body = ImportBatchBody(jobId: jobId)
    }

    /// Adds a record; returns a full batch to send, if this one filled it.
    mutating func add(_ record: HealthRecord) throws -> PendingBatch? {
        let offset = Double(record.utcOffsetSeconds)
        let startDay = Int(((record.startDate.timeIntervalSince1970 + offset) / 86_400).rounded(.down))
        let endDay = Int(((record.endDate.timeIntervalSince1970 + offset) / 86_400).rounded(.down))
        // A record starting on a day after every day the batch reaches begins the next batch.
        let ended = body.count >= Self.dayCut && startDay > lastDay ? try flush() : nil
        lastDay = max(lastDay, endDay)
        let index = source(of: record)
        body.append(type: record.kind.rawValue, value: record.value, unit: record.unit,
                    start: record.startDate, end: record.endDate, sourceIndex: index,
                    utcOffset: record.utcOffsetSeconds)
        if let ended { return ended }
        return body.count >= Self.batchSize ? try flush() : nil
    }

    /// Adds a workout; returns a full batch to send, if this one filled it.
    mutating func add(_ workout: HealthWorkout) throws -> PendingBatch? {
        let device = workout.device.map(SampleSource.normalizedDevice)
        body.append(workout: workout, sourceIndex: body.index(of: SampleSource(name: workout.sourceName, device: device)))
        return body.count >= Self.batchSize ? try flush() : nil
    }

    /// The batch gathered so far, if any.
    mutating func flush() throws -> PendingBatch? {
        guard !body.isEmpty else { return nil }
        let samples = body.count
        known.removeAll(keepingCapacity: true)
        lastDay = .min
        return PendingBatch(body: try body.take(), samples: samples)
    }

    private mutating func source(of record: HealthRecord) -> Int {
        for entry in known where entry.name == record.sourceName && Self.same(record.device, entry.device) {
            return entry.index
        }
        let device = record.device.map(SampleSource.normalizedDevice)
        let index = body.index(of: SampleSource(name: record.sourceName, device: device))
        if known.count < Self.knownLimit {
            known.append((record.sourceName, device, index))
        }
        return index
    }

    private static func same(_ raw: String?, _ normalized: String?) -> Bool {
        guard let raw, let normalized else { return raw == nil && normalized == nil }
        return SampleSource.device(raw, normalizesTo: normalized)
    }
}
