import Synchronization

/// Counters the service reports in `system.health`.
package final class ServerStats: Sendable {
    let inFlight = Atomic<Int>(0)
    let served = Atomic<UInt64>(0)
    private let errors = Mutex<[String: UInt64]>([:])

    package init() {}

    func countError(_ code: String) {
        errors.withLock { $0[code, default: 0] += 1 }
    }

    var errorsByCode: [String: UInt64] {
        errors.withLock { $0 }
    }
}
