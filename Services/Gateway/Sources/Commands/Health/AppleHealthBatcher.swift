import HealthImport
import QuenchProtocol

/// Turns parsed Apple Health records into `import.batch` bodies: up to 2000 samples, each
/// naming its source by index into the batch's source list (devices without Apple's
/// per-record object address, so a batch lists a handful of sources, not one per sample).
struct AppleHealthBatcher {
    static let batchSize = ImportBatchRequest.maxSamples

    private var sources: [SampleSource] = []
    private var sourceIndex: [SampleSource: Int] = [:]
    private var samples: [SampleInput] = []
    private var lastRaw: (name: String, device: String?, index: Int)?

    init() {
        samples.reserveCapacity(Self.batchSize)
    }

    /// Adds a record; returns a full batch to send, if this one filled it.
    mutating func add(_ record: HealthRecord) -> PendingBatch? {
        let index = source(of: record)
        samples.append(SampleInput(
            type: record.kind.rawValue, value: record.value, unit: record.unit,
            start: record.startDate, end: record.endDate, sourceIndex: index))
        return samples.count >= Self.batchSize ? flush() : nil
    }

    /// The batch gathered so far, if any.
    mutating func flush() -> PendingBatch? {
        guard !samples.isEmpty else { return nil }
        let batch = PendingBatch(sources: sources, samples: samples)
        sources.removeAll(keepingCapacity: true)
        sourceIndex.removeAll(keepingCapacity: true)
        samples.removeAll(keepingCapacity: true)
        lastRaw = nil
        return batch
    }

    private mutating func source(of record: HealthRecord) -> Int {
        if let last = lastRaw, last.name == record.sourceName, last.device == record.device {
            return last.index
        }
        let source = SampleSource(name: record.sourceName, device: record.device.map(SampleSource.normalizedDevice))
        let index: Int
        if let known = sourceIndex[source] {
            index = known
        } else {
            index = sources.count
            sources.append(source)
            sourceIndex[source] = index
        }
        lastRaw = (record.sourceName, record.device, index)
        return index
    }
}
