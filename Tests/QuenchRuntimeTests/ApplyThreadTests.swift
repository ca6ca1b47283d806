import Foundation
@testable import QuenchRuntime
import Synchronization
import Testing

/// The thread subscribers apply events on: jobs in order, ten nice steps below the thread that
/// started it while the caller keeps its own priority, and nothing after a stop.
@Suite("Apply thread")
struct ApplyThreadTests {
    @Test("jobs run one at a time in the order submitted, on a thread 10 nice steps below its starter; the caller's priority is untouched")
    func orderAndPriority() async throws {
        // The test runner's own nice (0 unless it was started niced); the thread is 10 above it.
        let base = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        let thread = ApplyThread(name: "test-apply")
        defer { thread.stop() }
        let seen = Mutex<[Int]>([])
        for index in 0..<50 {
            try await thread.run { seen.withLock { $0.append(index) } }
        }
        #expect(seen.withLock { $0 } == Array(0..<50))
        let nice = try await thread.run { getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
        #expect(nice == ApplyThread.nice(above: base))
        #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == base)
        let name = try await thread.run { try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8) }
        #expect(name.trimmingCharacters(in: .whitespacesAndNewlines) == "test-apply")
    }

    @Test("a job's error reaches its caller; after stop a job is refused with Stopped and does not run")
    func errorsAndStop() async throws {
        struct Boom: Error {}
        let thread = ApplyThread(name: "test-apply")
        await #expect(throws: Boom.self) { try await thread.run { throw Boom() } }
        #expect(try await thread.run { 7 } == 7)
        thread.stop()
        let ran = Mutex(false)
        await #expect(throws: ApplyThread.Stopped.self) { try await thread.run { ran.withLock { $0 = true } } }
        #expect(ran.withLock { $0 } == false)
    }
}
