import Logging
@testable import QuenchRuntime
import Synchronization
import Testing

/// Refusals are counted and logged at a bounded rate (issue #25, item 6).
@Suite("Refusal log")
struct RefusalLogTests {
    /// Keeps every line logged through it.
    final class Capture: Sendable {
        let lines = Mutex<[(message: String, metadata: Logger.Metadata)]>([])

        var logger: Logger {
            Logger(label: "test") { _ in CaptureHandler(capture: self) }
        }
    }

    struct CaptureHandler: LogHandler {
        let capture: Capture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.lines.withLock { $0.append((event.message.description, event.metadata ?? [:])) }
        }
    }

    /// A clock the test moves.
    final class Clock: Sendable {
        let start = ContinuousClock.now
        let offset = Mutex<Duration>(.zero)
        var now: ContinuousClock.Instant { start + offset.withLock { $0 } }
        func advance(_ by: Duration) { offset.withLock { $0 += by } }
    }

    @Test("5,000 refusals in a minute log 20 lines; the rest are counted and the next line says how many")
    func bounded() {
        let capture = Capture()
        let clock = Clock()
        let log = RefusalLog(logger: capture.logger, service: "test-refusals", perMinute: 20, now: { clock.now })
        for index in 0..<5000 {
            log.refused(.handshake, "refused an unknown client key", metadata: ["n": "\(index)"])
        }
        #expect(capture.lines.withLock { $0.count } == 20)
        #expect(log.totals(.handshake).refused == 5000)
        #expect(log.totals(.handshake).suppressed == 4980)
        // Other kinds have their own allowance.
        log.refused(.subscription, "refused a subscription")
        #expect(capture.lines.withLock { $0.count } == 21)

        clock.advance(.seconds(61))
        log.refused(.handshake, "refused an unknown client key")
        let last = capture.lines.withLock { $0.last }
        #expect(last?.metadata["suppressed"] == "4980")
        #expect(last?.metadata["refusal"] == "handshake")
        log.refused(.handshake, "refused an unknown client key")
        #expect(capture.lines.withLock { $0.last?.metadata["suppressed"] } == nil)
        #expect(log.totals(.handshake).refused == 5002)
        #expect(log.totals(.handshake).suppressed == 4980)
    }

    @Test("perMinute 0 logs nothing and still counts")
    func silent() {
        let capture = Capture()
        let log = RefusalLog(logger: capture.logger, service: "test-refusals-silent", perMinute: 0)
        for _ in 0..<10 { log.refused(.subscriptionFlood, "dropped") }
        #expect(capture.lines.withLock { $0.isEmpty })
        #expect(log.totals(.subscriptionFlood).refused == 10)
        #expect(log.totals(.subscriptionFlood).suppressed == 10)
    }
}
