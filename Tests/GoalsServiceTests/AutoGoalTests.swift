import Foundation
@testable import GoalsService
import Testing

@Suite("Auto goal derivation")
struct AutoGoalTests {
    static let poundsPerKilogram = 2.20462262185

    @Test("160 lb gives 80 US fl oz, 2366 mL")
    func issueExample() {
        let derived = AutoGoal.derive(weightKg: 160 / Self.poundsPerKilogram)
        #expect(derived.goalMl == 2366)
        #expect(derived.adjusted == nil)
    }

    @Test("half the weight in pounds, as fl oz, rounded to whole mL", arguments: [50.0, 60, 72.5, 85.3, 100, 120, 150])
    func formula(weightKg: Double) {
        let expected = (weightKg * Self.poundsPerKilogram / 2 * 29.5735295625).rounded()
        let derived = AutoGoal.derive(weightKg: weightKg)
        #expect(derived.goalMl == expected)
        #expect(derived.adjusted == nil)
        #expect((1000...6000).contains(derived.goalMl))
    }

    @Test("above 6000 mL is capped and says so")
    func cap() {
        // 6000 mL needs 405.8 lb (184.1 kg).
        #expect(AutoGoal.derive(weightKg: 184).adjusted == nil)
        let heavy = AutoGoal.derive(weightKg: 185)
        #expect(heavy.goalMl == 6000)
        #expect(heavy.adjusted == .capped)
        #expect(AutoGoal.derive(weightKg: 400).goalMl == 6000)
    }

    @Test("below 1000 mL is raised and says so")
    func floor() {
        // 1000 mL needs 67.6 lb (30.7 kg).
        let light = AutoGoal.derive(weightKg: 30)
        #expect(light.goalMl == 1000)
        #expect(light.adjusted == .raised)
        #expect(AutoGoal.derive(weightKg: 31).adjusted == nil)
        #expect(AutoGoal.derive(weightKg: 31).goalMl == 1011)
    }
}
