import Dispatch
import MessagePack
import QuenchProtocol
import Synchronization

/// One `import.batch` body the parser thread has gathered, already encoded.
struct PendingBatch: Sendable {
    var body: MessagePackRaw
    var samples: Int

    init(body: MessagePackRaw, samples: Int) {
        self.body = body
        self.samples = samples
    }

    /// Encodes samples with the generic encoder (workout logs).
    init(jobId: String, sources: [SampleSource], samples: [SampleInput]) throws {
        body = try MessagePackRaw(encoding: ImportBatchRequest(jobId: jobId, sources: sources, samples: samples))
        self.samples = samples.count
    }
}

/// The bounded hand-over from the parser thread to the sender: at most `capacity` batches
/// are queued or in flight, so the parser waits for the network instead of filling memory.
final class BatchChannel: Sendable {
    enum Item: Sendable {
        case batch(PendingBatch)
        case finished(Result<ImportFinishRequest, any Error>)
    }

    struct Cancelled: Error {}

    /// The job the batches belong to.
    let jobId: String
    let items: AsyncStream<Item>
    private let continuation: AsyncStream<Item>.Continuation
    private let slots: DispatchSemaphore
    private let capacity: Int
    private let cancelled = Atomic(false)

    init(jobId: String, capacity: Int) {
        self.jobId = jobId
        self.capacity = capacity
        slots = DispatchSemaphore(value: capacity)
        (items, continuation) = AsyncStream.makeStream(of: Item.self)
    }

    /// Producer: hands a batch over, blocking while the channel is full.
    func put(_ batch: PendingBatch) throws {
        guard !cancelled.load(ordering: .acquiring) else { throw Cancelled() }
        slots.wait()
        guard !cancelled.load(ordering: .acquiring) else {
            slots.signal()
            throw Cancelled()
        }
        continuation.yield(.batch(batch))
    }

    /// Producer: the file is done (or failed); no more batches.
    func finish(_ result: Result<ImportFinishRequest, any Error>) {
        continuation.yield(.finished(result))
        continuation.finish()
    }

    /// Consumer: one batch was answered; its slot is free.
    func release() {
        slots.signal()
    }

    /// Consumer: stop the producer (its next `put` throws).
    func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for _ in 0..<capacity {
            slots.signal()
        }
    }
}
