import Foundation
import Synchronization

/// The result of `PRAGMA quick_check` that `system.health` reports, run at most once per
/// ``interval``: the check reads every page of the file (a 160 MB health-ingest database is
/// 40,000 pages), so running it for every health request made a health poll cost in
/// proportion to the data, and any caller that polled fast kept the service reading its whole
/// file. Callers within the interval get the last result and when it was taken; a caller that
/// arrives while a check runs waits for it and gets its result.
final class DatabaseCheckCache: Sendable {
    struct Result: Sendable, Equatable {
        var ok: Bool
        var message: String?
        var checkedAt: Date
    }

    let interval: TimeInterval
    private let run: @Sendable () -> (ok: Bool, message: String?)
    private let now: @Sendable () -> Date
    private let last = Mutex<Result?>(nil)

    init(interval: TimeInterval, now: @escaping @Sendable () -> Date = Date.init, run: @escaping @Sendable () -> (ok: Bool, message: String?)) {
        self.interval = interval
        self.now = now
        self.run = run
    }

    /// The last result if it is younger than ``interval``, otherwise a new one.
    func current() -> Result {
        last.withLock { last in
            let time = now()
            if let known = last, time.timeIntervalSince(known.checkedAt) < interval, time >= known.checkedAt {
                return known
            }
            let outcome = run()
            let result = Result(ok: outcome.ok, message: outcome.message, checkedAt: now())
            last = result
            return result
        }
    }
}
