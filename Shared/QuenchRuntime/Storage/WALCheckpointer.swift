import Dispatch
import Foundation
import GRDB
import Synchronization

/// Copies the write-ahead log back into the database file from its own connection and
/// thread, so commands never wait for it.
///
/// SQLite's default is an automatic checkpoint inside the commit that takes the log past
/// 1,000 pages: that commit, and every request in its group, then waits while the pages
/// are written into the database file and it is synced, a stall of many milliseconds
/// under steady load. The service writer turns that off (`wal_autocheckpoint = 0`) and this
/// runs a `PASSIVE` checkpoint every `interval` instead, which never blocks the writer or
/// readers (it copies what no reader still needs; the next one gets the rest). The log is
/// rewound from its start by the first commit after a checkpoint that copied everything.
final class WALCheckpointer: Sendable {
    private let connection: DatabaseQueue
    private let interval: Duration
    private let stopRequested = Atomic(false)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    init(path: String, interval: Duration = .milliseconds(250)) throws {
        var configuration = Configuration()
        configuration.label = "wal-checkpointer"
        configuration.busyMode = .timeout(5)
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.interval = interval
        let thread = Thread { [self] in run() }
        thread.name = "quench-checkpoint"
        thread.start()
    }

    /// Ends the thread (after a checkpoint in progress) and returns once it has.
    func stop() {
        guard !stopRequested.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        finished.wait()
    }

    private func run() {
        let (seconds, attoseconds) = interval.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        while !stopRequested.load(ordering: .acquiring) {
            _ = wake.wait(timeout: .now() + .nanoseconds(nanoseconds))
            if stopRequested.load(ordering: .acquiring) { break }
            // A failure (busy, I/O) is retried at the next tick; commits are unaffected.
            _ = try? connection.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        }
        finished.signal()
    }
}
