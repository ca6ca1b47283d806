@testable import QuenchCLI
import Testing

/// The promises CLIFailFastTests keep with generous liveness bounds, checked where the code
/// decides them (no clock involved): a service that is down is reported after the connect
/// timeout, not after the attempts' timeouts; `subscribe` says a publisher is unreachable
/// after its grace.
@Suite("CLI: fail-fast settings")
struct FailFastSettingsTests {
    @Test("the connect timeout is under a second and never longer than an attempt; subscribe's grace is under 2 s")
    func settings() {
        #expect(Gateway.connectTimeout <= .seconds(1))
        #expect(Gateway.connectTimeout < .seconds(3), "the default attempt timeout")
        #expect(PublisherStatus.grace < .seconds(2))
        #expect(PublisherStatus.reminder >= PublisherStatus.grace)
    }
}
