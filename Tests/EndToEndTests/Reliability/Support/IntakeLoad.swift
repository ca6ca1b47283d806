import Foundation
import QuenchProtocol
import QuenchRuntime
import Synchronization

/// Logs intakes the way a careful client does: each request keeps its idempotency key
/// across every retry until it is acknowledged, and is retried after any `unavailable`.
final class IntakeLoad: Sendable {
    let client: RPCClient
    let keyPrefix: String
    /// Request index → the intake id of its acknowledgement (a second, different id for the same request would be a duplicate).
    private let acknowledged = Mutex<[Int: String]>([:])
    private let retriesCount = Atomic<Int>(0)
    private let conflictingAcks = Atomic<Int>(0)

    init(client: RPCClient, keyPrefix: String) {
        self.client = client
        self.keyPrefix = keyPrefix
    }

    var acknowledgedCount: Int { acknowledged.withLock { $0.count } }
    var acknowledgedIDs: [String] { acknowledged.withLock { Array($0.values) } }
    /// Calls repeated after a failed call (each call itself also resends inside the client).
    var retries: Int { retriesCount.load(ordering: .relaxed) }
    /// Acknowledgements of one request that named different intakes.
    var conflicts: Int { conflictingAcks.load(ordering: .relaxed) }

    func key(_ index: Int) -> String { "\(keyPrefix)-\(index)" }

    static func volume(_ index: Int) -> Double { Double(1 + index % 500) }

    /// Logs request `index` until it is acknowledged (or `deadline` passes).
    func log(_ index: Int, deadline: ContinuousClock.Instant) async throws {
        var failure: (any Error)?
        while ContinuousClock.now < deadline {
            do {
                let record = try await client.call(
                    MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: Self.volume(index)), as: IntakeRecord.self,
                    idempotencyKey: key(index))
                acknowledged.withLock { map in
                    if let earlier = map[index], earlier != record.id { conflictingAcks.add(1, ordering: .relaxed) }
                    map[index] = record.id
                }
                return
            } catch let error as QuenchError where error.code == .unavailable || error.code == .resourceExhausted {
                failure = error
                retriesCount.add(1, ordering: .relaxed)
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        throw TestFailure("request \(index) was never acknowledged: \(String(describing: failure))")
    }

    /// Logs requests `range` with `concurrency` callers.
    func run(_ range: Range<Int>, concurrency: Int, deadline: ContinuousClock.Instant) async throws {
        let next = Counter(range.lowerBound)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<concurrency {
                group.addTask {
                    while true {
                        let index = next.take()
                        guard index < range.upperBound else { return }
                        try await self.log(index, deadline: deadline)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}

/// A shared counter for task groups.
final class Counter: Sendable {
    private let value: Atomic<Int>

    init(_ start: Int = 0) {
        value = Atomic(start)
    }

    /// The current value, then adds one.
    func take() -> Int { value.add(1, ordering: .relaxed).oldValue }

    var current: Int { value.load(ordering: .relaxed) }
}
