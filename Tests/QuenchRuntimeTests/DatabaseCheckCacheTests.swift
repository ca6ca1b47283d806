import Foundation
@testable import QuenchRuntime
import Synchronization
import Testing

@Suite("The database check system.health reports")
struct DatabaseCheckCacheTests {
    /// A clock the test moves, and a check that counts its runs and answers what it is told.
    final class Fixture: Sendable {
        let time = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        let runs = Atomic(0)
        let answer = Mutex<(ok: Bool, message: String?)>((true, nil))

        func cache(interval: TimeInterval) -> DatabaseCheckCache {
            DatabaseCheckCache(interval: interval, now: { self.time.withLock { $0 } }) {
                self.runs.add(1, ordering: .relaxed)
                return self.answer.withLock { $0 }
            }
        }

        func advance(_ seconds: TimeInterval) {
            time.withLock { $0 = $0.addingTimeInterval(seconds) }
        }
    }

    @Test("runs the check once per interval and reports when it ran; a fault shows at the next run")
    func oncePerInterval() {
        let fixture = Fixture()
        let cache = fixture.cache(interval: 60)
        let first = cache.current()
        #expect(fixture.runs.load(ordering: .relaxed) == 1)
        #expect(first.ok && first.checkedAt == Date(timeIntervalSince1970: 1_800_000_000))
        fixture.answer.withLock { $0 = (false, "*** in database main ***") }
        fixture.advance(59)
        #expect(cache.current() == first, "within the interval the last result stands")
        #expect(fixture.runs.load(ordering: .relaxed) == 1)
        fixture.advance(1)
        let second = cache.current()
        #expect(fixture.runs.load(ordering: .relaxed) == 2)
        #expect(!second.ok && second.message == "*** in database main ***")
        #expect(second.checkedAt == Date(timeIntervalSince1970: 1_800_000_060))
    }

    @Test("a clock that went back runs the check again instead of trusting a result from the future")
    func clockBack() {
        let fixture = Fixture()
        let cache = fixture.cache(interval: 60)
        _ = cache.current()
        fixture.advance(-3600)
        _ = cache.current()
        #expect(fixture.runs.load(ordering: .relaxed) == 2)
    }

    @Test("callers at the same time share one run")
    func concurrent() async {
        let fixture = Fixture()
        let cache = fixture.cache(interval: 60)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask { _ = cache.current() }
            }
        }
        #expect(fixture.runs.load(ordering: .relaxed) == 1)
    }
}
