import Foundation

/// Runs `body`, and every child task it starts (`async let`, task groups), on a thread of its
/// own instead of the cooperative pool. The pool has one thread per core (two on CI), and the
/// tests that wait for a process (the CLI, a service starting) hold one each while they do: a
/// test whose steps must follow each other within a few seconds (a frozen service's
/// connection outlives its heartbeat timeout by then) runs here so that nothing else delays them.
public func onOwnThread<T: Sendable>(_ label: String, _ body: () async throws -> T) async rethrows -> T {
    let executor = OwnThreadExecutor(label)
    defer { executor.stop() }
    return try await withTaskExecutorPreference(executor, operation: body)
}

/// A task executor with one thread that runs the jobs enqueued on it in order.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var stopping = false
    private var running = false
    private let label: String

    init(_ label: String) {
        self.label = label
        condition.lock()
        startThread()
        condition.unlock()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        // A job that arrives after the thread ended (a late resumption) still runs.
        if !running { startThread() }
        condition.signal()
        condition.unlock()
    }

    /// Called with the lock held.
    private func startThread() {
        running = true
        let thread = Thread { [self] in run() }
        thread.name = label
        thread.start()
    }

    /// Ends the thread once the jobs enqueued so far have run.
    func stop() {
        condition.lock()
        stopping = true
        condition.signal()
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopping { condition.wait() }
            if jobs.isEmpty {
                running = false
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
