import Foundation
@testable import GoalsService
import QuenchProtocol
import Testing

@Suite("Goal modes")
struct GoalStateTests {
    static func weight(_ kg: Double, daysAgo: Double = 0, id: String = "w") -> WeightReading {
        WeightReading(kg: kg, measuredAt: Date(timeIntervalSince1970: 1_790_000_000 - daysAgo * 86_400), sampleId: id)
    }

    static var consented: GoalState {
        var state = GoalState()
        state.consentChanged(granted: true, latest: nil, deleted: false)
        return state
    }

    @Test("nothing set: the default 2500 mL")
    func defaultGoal() {
        let state = GoalState()
        #expect(state.effective == .default)
        #expect(state.effective.goalMl == 2500)
        #expect(!state.autoAvailable)
    }

    @Test("a manual goal applies; set while no auto goal exists it does not pin")
    func manual() {
        var state = GoalState()
        state.setManual(3000)
        #expect(state.effective == EffectiveGoal(goalMl: 3000, source: .manual))
        #expect(!state.pinned)
    }

    @Test("a weight with consent overrides an unpinned manual goal")
    func autoOverridesManual() {
        var state = Self.consented
        state.setManual(3000)
        state.record(Self.weight(80))
        #expect(state.effective.source == .auto)
        #expect(state.effective.goalMl == AutoGoal.derive(weightKg: 80).goalMl)
        #expect(state.effective.weightKg == 80)
    }

    @Test("a weight without consent is kept but not used")
    func weightWithoutConsent() {
        var state = GoalState()
        state.record(Self.weight(80))
        #expect(state.effective == .default)
        state.consentChanged(granted: true, latest: nil, deleted: false)
        #expect(state.effective.source == .auto)
    }

    @Test("goal set while auto is available pins manual; new weights leave it; goal auto unpins")
    func pinning() throws {
        var state = Self.consented
        state.record(Self.weight(80))
        state.setManual(2000)
        #expect(state.pinned)
        #expect(state.effective == EffectiveGoal(goalMl: 2000, source: .manual))
        state.record(Self.weight(95, daysAgo: -1))
        #expect(state.effective == EffectiveGoal(goalMl: 2000, source: .manual))
        try state.chooseAuto()
        #expect(!state.pinned)
        #expect(state.effective.source == .auto)
        #expect(state.effective.weightKg == 95)
    }

    @Test("goal auto needs consent and a weight, and changes nothing when refused")
    func autoPreconditions() {
        var state = GoalState()
        state.setManual(2000)
        let before = state
        #expect(throws: QuenchError.self) { try state.chooseAuto() }
        #expect(state == before)
        state.consentChanged(granted: true, latest: nil, deleted: false)
        do {
            try state.chooseAuto()
            Issue.record("auto without a weight was accepted")
        } catch let error as QuenchError {
            #expect(error.code == .failedPrecondition)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("the newest weight by measuring time counts, whatever the arrival order")
    func newestByMeasuredAt() {
        var state = Self.consented
        state.record(Self.weight(80, daysAgo: 0, id: "new"))
        state.record(Self.weight(60, daysAgo: 30, id: "old"))
        #expect(state.weight?.sampleId == "new")
        #expect(state.effective.weightKg == 80)
        state.record(Self.weight(81, daysAgo: 0, id: "correction"))
        #expect(state.weight?.sampleId == "correction")
    }

    @Test("consent revoked falls back to manual, else default; the pin stays")
    func revoke() {
        var withManual = Self.consented
        withManual.setManual(2200)
        withManual.record(Self.weight(80))
        withManual.consentChanged(granted: false, latest: nil, deleted: false)
        #expect(withManual.effective == EffectiveGoal(goalMl: 2200, source: .manual))

        var withoutManual = Self.consented
        withoutManual.record(Self.weight(80))
        withoutManual.consentChanged(granted: false, latest: nil, deleted: false)
        #expect(withoutManual.effective == .default)
        // Granting again uses the kept weight …
        withoutManual.consentChanged(granted: true, latest: nil, deleted: false)
        #expect(withoutManual.effective.weightKg == 80)
        // … unless the revoke deleted the samples.
        withoutManual.consentChanged(granted: false, latest: nil, deleted: true)
        withoutManual.consentChanged(granted: true, latest: nil, deleted: false)
        #expect(withoutManual.effective == .default)
    }

    @Test("a grant carrying the newest weight derives the goal at once, unless an older weight")
    func grantWithLatest() {
        var state = GoalState()
        state.record(Self.weight(90, daysAgo: 0, id: "kept"))
        state.consentChanged(granted: true, latest: Self.weight(70, daysAgo: 3, id: "stale"), deleted: false)
        #expect(state.weight?.sampleId == "kept")
        var fresh = GoalState()
        fresh.consentChanged(granted: true, latest: Self.weight(70), deleted: false)
        #expect(fresh.effective.source == .auto && fresh.effective.weightKg == 70)
    }

    @Test("health data erased: back to manual or default")
    func erased() {
        var state = Self.consented
        state.record(Self.weight(80))
        state.forgetHealthData()
        #expect(state.effective == .default)
        #expect(!state.bodyMassConsent && state.weight == nil)
    }
}
