import Dispatch
import QuenchProtocol
import Synchronization

/// Samples the parser thread has gathered for one `import.batch`.
struct PendingBatch: Sendable {
    var sources: [SampleSource]
    var samples: [SampleInput]
}

/// The bounded hand-over from the parser thread to the sender: at most `capacity` batches
/// are queued or in flight, so the parser waits for the network instead of filling memory.
final class BatchChannel: Sendable {
    enum Item: Sendable {
        case batch(PendingBatch)
        case finished(Result<ImportFinishRequest, any Error>)
    }

    struct Cancelled: Error {}

    let items: AsyncStream<Item>
    private let continuation: AsyncStream<Item>.Continuation
    private let slots: DispatchSemaphore
    private let capacity: Int
    private let cancelled = Atomic(false)

    init(capacity: Int) {
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
