import QuenchProtocol
import Synchronization

/// What a subscriber's reactor hands to its consumer: live events, the highest head seq
/// a heartbeat announced, and timer ticks. The consumer takes everything that arrived
/// since it last looked in one go, so a burst of events is applied in one transaction
/// instead of one transaction (and one fsync) per event.
///
/// Holds at most `limit` events; more are dropped and counted (catch-up fetches them).
final class LiveInbox: Sendable {
    struct Taken {
        var events: [Envelope] = []
        var heartbeat: UInt64?
        var tick = false

        var isEmpty: Bool { events.isEmpty && heartbeat == nil && !tick }
    }

    private struct State {
        var taken = Taken()
        var closed = false
    }

    let limit: Int
    /// Rung once per hand-over; holds at most one ring, so a consumer that was busy finds
    /// one wake-up and everything queued behind it.
    let doorbell: AsyncStream<Void>
    private let ring: AsyncStream<Void>.Continuation
    private let state = Mutex(State())
    private let dropped = Atomic<UInt64>(0)

    init(limit: Int) {
        self.limit = max(1, limit)
        (doorbell, ring) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Live events dropped because the inbox was full.
    var droppedEvents: UInt64 { dropped.load(ordering: .relaxed) }

    /// Reactor: queues `events` (in order) and the newest heartbeat head, then rings once.
    func put(events: [Envelope], heartbeat: UInt64?) {
        guard !events.isEmpty || heartbeat != nil else { return }
        let lost = state.withLock { state -> Int in
            guard !state.closed else { return 0 }
            if let heartbeat {
                state.taken.heartbeat = max(state.taken.heartbeat ?? 0, heartbeat)
            }
            let room = max(0, limit - state.taken.events.count)
            state.taken.events.append(contentsOf: events.prefix(room))
            return events.count - min(room, events.count)
        }
        if lost > 0 { dropped.add(UInt64(lost), ordering: .relaxed) }
        ring.yield()
    }

    /// Timer: asks the consumer to check whether it is behind.
    func tick() {
        state.withLock { $0.taken.tick = true }
        ring.yield()
    }

    /// Consumer: everything queued since the last call.
    func take() -> Taken {
        state.withLock { state in
            defer { state.taken = Taken() }
            return state.taken
        }
    }

    /// Ends the doorbell stream; later hand-overs are ignored.
    func close() {
        state.withLock { $0.closed = true }
        ring.finish()
    }
}
