@testable import AnalyticsService
import Testing

@Suite("One-rep max by Brzycki")
struct BrzyckiTests {
    @Test("one rep is the weight; 10 and 12 reps by the formula; above 12 left out")
    func reps() throws {
        #expect(Brzycki.oneRepMax(weight: 100, reps: 1) == 100)
        let ten = try #require(Brzycki.oneRepMax(weight: 100, reps: 10))
        #expect(abs(ten - 133.333_333) < 0.001)
        let twelve = try #require(Brzycki.oneRepMax(weight: 100, reps: 12))
        #expect(abs(twelve - 144) < 1e-9)
        #expect(Brzycki.oneRepMax(weight: 100, reps: 13) == nil)
        #expect(Brzycki.oneRepMax(weight: 100, reps: 37) == nil)
        #expect(Brzycki.oneRepMax(weight: 100, reps: 38) == nil)
        #expect(Brzycki.isExcluded(reps: 13) && Brzycki.isExcluded(reps: 37) && !Brzycki.isExcluded(reps: 12))
    }

    @Test("never negative, never a division by zero, nothing from nonsense")
    func edges() {
        #expect(Brzycki.oneRepMax(weight: 0, reps: 5) == 0)
        #expect(Brzycki.oneRepMax(weight: -10, reps: 5) == nil)
        #expect(Brzycki.oneRepMax(weight: .nan, reps: 5) == nil)
        #expect(Brzycki.oneRepMax(weight: .infinity, reps: 1) == nil)
        #expect(Brzycki.oneRepMax(weight: 50, reps: 0) == nil)
        #expect(Brzycki.oneRepMax(weight: 50, reps: -3) == nil)
        for reps in 1...12 {
            let value = Brzycki.oneRepMax(weight: 80, reps: reps) ?? -1
            #expect(value >= 80 && value.isFinite)
        }
    }
}
