import HealthImport
import QuenchProtocol

/// Turns parsed Apple Health records into `import.batch` bodies: up to 2000 samples, each
/// naming its source by index into the batch's source list (devices without Apple's
/// per-record object address, so a batch lists a handful of sources, not one per sample).
/// The body is written as MessagePack directly (``ImportBatchBody``), on the parser thread.
struct AppleHealthBatcher {
    static let batchSize = ImportBatchRequest.maxSamples

    private var body: ImportBatchBody
    private var lastRaw: (name: String, device: String?, index: Int)?

    init(jobId: String) {
        body = ImportBatchBody(jobId: jobId)
    }

    /// Adds a record; returns a full batch to send, if this one filled it.
    mutating func add(_ record: HealthRecord) throws -> PendingBatch? {
        let index = source(of: record)
        body.append(type: record.kind.rawValue, value: record.value, unit: record.unit,
                    start: record.startDate, end: record.endDate, sourceIndex: index)
        return body.count >= Self.batchSize ? try flush() : nil
    }

    /// The batch gathered so far, if any.
    mutating func flush() throws -> PendingBatch? {
        guard !body.isEmpty else { return nil }
        let samples = body.count
        lastRaw = nil
        return PendingBatch(body: try body.take(), samples: samples)
    }

    private mutating func source(of record: HealthRecord) -> Int {
        if let last = lastRaw, last.name == record.sourceName, last.device == record.device {
            return last.index
        }
        let index = body.index(of: SampleSource(name: record.sourceName, device: record.device.map(SampleSource.normalizedDevice)))
        lastRaw = (record.sourceName, record.device, index)
        return index
    }
}
