import Foundation
@testable import IntakeService
import QuenchProtocol
import Testing

/// `at` and `volume` as intake judges them (issue 25: values checked as sent, instants that print).
@Suite("Intake rules")
struct IntakeRulesTests {
    static let now = Date(timeIntervalSince1970: 1_795_341_600)

    @Test("an instant far outside years 1–9999 is refused with a message that names the range", arguments: [1e15, -1e15, 9e18])
    func outOfRange(seconds: Double) {
        do {
            _ = try IntakeRules.instant(Date(timeIntervalSince1970: seconds), now: Self.now)
            Issue.record("accepted")
        } catch let error as QuenchError {
            #expect(error.field == "at")
            #expect(!error.message.contains("description unavailable") && error.message.contains("0001-01-01"), "\(error.message)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("the other refusals print their instants in ISO 8601")
    func messages() {
        #expect(throws: QuenchError.invalidArgument(
            "at", "must be on or after 2000-01-01, got 1999-12-31T23:59:59Z",
            rule: ErrorRule("at.earliest", ["got": "1999-12-31T23:59:59Z", "earliest": "2000-01-01"]))) {
            try IntakeRules.instant(Date(timeIntervalSince1970: 946_684_799), now: Self.now)
        }
        #expect(throws: QuenchError.invalidArgument(
            "at", "is more than 5 minutes in the future (2026-11-22T11:00:00Z, now 2026-11-22T10:00:00Z)",
            rule: ErrorRule("at.future", ["got": "2026-11-22T11:00:00Z", "now": "2026-11-22T10:00:00Z"]))) {
            try IntakeRules.instant(Self.now.addingTimeInterval(3600), now: Self.now)
        }
    }

    @Test("6000.0000001 mL is over the 6000 mL limit")
    func volumeAsSent() throws {
        #expect(throws: QuenchError.self) { try IntakeRules.volume(6000.0000001, unit: .milliliter) }
        #expect(try IntakeRules.volume(6000, unit: .milliliter) == 6_000_000)
    }
}
