@testable import GoalsService
import MessagePack
import QuenchProtocol
import Testing

@Suite("Goal request rules")
struct GoalRulesTests {
    @Test("a manual goal in any unit becomes mL")
    func units() throws {
        #expect(try GoalRules.manualGoal(3000, unit: GoalRules.unit(nil)) == 3000)
        #expect(try GoalRules.manualGoal(2.5, unit: GoalRules.unit("l")) == 2500)
        #expect(try GoalRules.manualGoal(80, unit: GoalRules.unit("floz")) == 2365.882)
        #expect(try GoalRules.manualGoal(80, unit: GoalRules.unit("fl oz")) == 2365.882)
        #expect(try GoalRules.manualGoal(6000, unit: GoalRules.unit("ml")) == 6000)
        #expect(try GoalRules.manualGoal(6, unit: GoalRules.unit("L")) == 6000)
        #expect(try GoalRules.manualGoal(500, unit: GoalRules.unit(nil)) == 500)
        #expect(try GoalRules.manualGoal(0.5, unit: GoalRules.unit("l")) == 500)
    }

    @Test("out of range, not finite and unknown units are refused naming the field", arguments: [
        (0.0, "ml", "volume"), (-1, "ml", "volume"), (.nan, "ml", "volume"), (.infinity, "ml", "volume"),
        (-.infinity, "l", "volume"), (6000.001, "ml", "volume"), (6.01, "l", "volume"), (203, "floz", "volume"),
        (1e300, "ml", "volume"), (0.0000001, "ml", "volume"), (2000, "cups", "unit"), (2000, "", "unit"),
        // Below the 500 mL floor (GoalVolumeRule): `goal set 2.5` meant 2.5 L.
        (2.5, "ml", "volume"), (499.9999, "ml", "volume"), (0.4, "l", "volume"), (16, "floz", "volume"),
    ] as [(Double, String, String)])
    func refused(value: Double, unit: String, field: String) {
        do {
            _ = try GoalRules.manualGoal(value, unit: GoalRules.unit(unit))
            Issue.record("accepted \(value) \(unit)")
        } catch let error as QuenchError {
            #expect(error.code == .invalidArgument)
            #expect(error.field == field)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("bad day strings are refused when the request is decoded, naming the field", arguments: ["2026-02-30", "2026-13-01", "26-01-01", "2026-1-1", "today", "", "2026-01-01T00:00"])
    func badDays(text: String) throws {
        let bytes = try MessagePackEncoder().encode(["from": text, "to": "2026-01-01"])
        do {
            _ = try MessagePackDecoder().decode(GoalDaysRequest.self, from: bytes)
            Issue.record("accepted '\(text)'")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.codingPath.map(\.stringValue) == ["from"])
            #expect(context.debugDescription.hasPrefix("must be a date YYYY-MM-DD"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("a range must be ordered and at most 3660 days")
    func ranges() throws {
        let start = LocalDay("2026-01-01")!
        try GoalRules.range(from: start, to: start)
        try GoalRules.range(from: start, to: start.adding(days: 3659))
        #expect(throws: QuenchError.self) { try GoalRules.range(from: start, to: start.adding(days: 3660)) }
        #expect(throws: QuenchError.self) { try GoalRules.range(from: start, to: start.adding(days: -1)) }
    }
}
