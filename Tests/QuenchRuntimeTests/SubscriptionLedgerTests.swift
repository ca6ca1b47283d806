@testable import QuenchRuntime
import Testing

/// The user stream's per-principal subscription bookkeeping (issue #25, item 1).
@Suite("Subscription ledger")
struct SubscriptionLedgerTests {
    private func prefix(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("a principal gets its distinct prefixes up to the limit; one more is over the limit")
    func limit() {
        var ledger = SubscriptionLedger(maxPerPrincipal: 3, maxBytes: 16)
        #expect(ledger.subscribe(prefix("a"), by: "user:ana") == .apply)
        #expect(ledger.subscribe(prefix("b"), by: "user:ana") == .apply)
        #expect(ledger.subscribe(prefix("c"), by: "user:ana") == .apply)
        #expect(ledger.subscribe(prefix("d"), by: "user:ana") == .overLimit)
        #expect(ledger.count(of: "user:ana") == 3)
        // Another principal has its own budget.
        #expect(ledger.subscribe(prefix("d"), by: "user:bob") == .apply)
    }

    @Test("the same prefix again (a reconnect, a second client) is not counted twice")
    func repeats() {
        var ledger = SubscriptionLedger(maxPerPrincipal: 2, maxBytes: 16)
        for _ in 0..<100 {
            #expect(ledger.subscribe(prefix("ana/"), by: "user:ana") == .apply)
        }
        #expect(ledger.count(of: "user:ana") == 1)
    }

    @Test("a prefix longer than maxBytes is refused and still counted; at maxBytes it applies")
    func length() {
        var ledger = SubscriptionLedger(maxPerPrincipal: 2, maxBytes: 4)
        #expect(ledger.subscribe(prefix("abcd"), by: "p") == .apply)
        #expect(ledger.subscribe(prefix("abcde"), by: "p") == .tooLong)
        #expect(ledger.count(of: "p") == 2)
        #expect(ledger.subscribe(prefix("x"), by: "p") == .overLimit)
    }

    @Test("an unsubscription frees its place; reset forgets everyone")
    func release() {
        var ledger = SubscriptionLedger(maxPerPrincipal: 1, maxBytes: 16)
        #expect(ledger.subscribe(prefix("a"), by: "p") == .apply)
        ledger.unsubscribe(prefix("a"), by: "p")
        #expect(ledger.count(of: "p") == 0)
        #expect(ledger.subscribe(prefix("b"), by: "p") == .apply)
        ledger.unsubscribe(prefix("never"), by: "p")
        #expect(ledger.count(of: "p") == 1)
        ledger.reset()
        #expect(ledger.subscribe(prefix("c"), by: "p") == .apply)
    }
}
