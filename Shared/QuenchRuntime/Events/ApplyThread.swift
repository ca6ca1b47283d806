import Dispatch
import Foundation
import Synchronization
import ZeroMQ

/// The thread a subscriber applies another service's events on, at a lower CPU priority
/// (``niceIncrement`` above the service's own nice value, 10 for a service started at the
/// default) than the service's request path (its reactor and command writer).
///
/// Applying a publisher's events keeps a derived state up to date (intakes made from
/// recorded water, the goal derived from weights, analytics' read models); it can wait a
/// moment, a request cannot. On a machine where everything runs together, an Apple Health
/// import makes health-ingest's writer the bottleneck while three services apply its events:
/// at the default priority their work took the cores from it (the writer waited for a core a
/// quarter of the import's time), ten nice steps lower it runs in the cores' idle time and catches up
/// after. Only priority changes: on an idle machine the events are applied as fast as before.
///
/// Jobs run one at a time in the order submitted; each blocks the thread (GRDB's synchronous
/// write runs on the calling thread), never a task of the cooperative pool.
final class ApplyThread: Sendable {
    /// How much higher an apply thread's nice value is than the thread that started it
    /// (Linux: nice is a per-thread attribute; raising it needs no privilege; at most 19).
    static let niceIncrement: Int32 = 10

    /// The nice value an apply thread started by a thread at `base` runs at.
    static func nice(above base: Int32) -> Int32 {
        min(19, base + niceIncrement)
    }

    private struct Job: Sendable {
        let run: @Sendable () -> Void
    }

    private struct State {
        var jobs: [Job] = []
        var stopped = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// Starts the thread, named `name` (at most 15 bytes are kept).
    init(name: String) {
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let thread = Thread { [self] in
            nameCurrentThread(name)
            // The calling thread's nice (who = 0); a failure leaves the starter's priority.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.nice(above: base))
            loop()
        }
        thread.start()
    }

    /// Runs `body` on the apply thread and returns its result.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job { continuation.resume(with: Result { try body() }) }
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.jobs.append(job)
                return true
            }
            if accepted {
                wake.signal()
            } else {
                continuation.resume(throwing: Stopped())
            }
        }
    }

    /// Lets the jobs already submitted run, refuses later ones, and ends the thread.
    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { wake.signal() }
    }

    /// The apply thread was stopped (its subscriber ended); the job did not run.
    struct Stopped: Error, CustomStringConvertible {
        var description: String { "the event subscriber has stopped" }
    }

    private func loop() {
        while true {
            wake.wait()
            let (jobs, stopped) = state.withLock { state -> ([Job], Bool) in
                defer { state.jobs = [] }
                return (state.jobs, state.stopped)
            }
            for job in jobs { job.run() }
            if stopped { return }
        }
    }
}
