import GoalsService
import QuenchProtocol
import Testing

@Suite("Challenge catalog rules")
struct ChallengeRulesTests {
    static func item(
        _ id: String = "walk-10k", title: String = "10,000 steps", type: String = "step", goal: Double = 10_000,
        trophy: String = "gold", points: Int = 100
    ) -> Challenge {
        Challenge(id: id, title: title, description: "Walk ten thousand steps in a day.", type: type, goal: goal,
                  reward: .init(trophy: trophy, points: points))
    }

    static func failure(_ items: [Challenge]) -> QuenchError? {
        do {
            try ChallengeRules.validate(items)
            return nil
        } catch let error as QuenchError {
            return error
        } catch {
            return nil
        }
    }

    @Test("a good catalog passes, every type and trophy")
    func good() throws {
        var items: [Challenge] = []
        for (index, type) in ChallengeVocabulary.types.enumerated() {
            for (other, trophy) in ChallengeVocabulary.trophies.enumerated() {
                items.append(Self.item("c\(index)-\(other)", type: type, goal: 5000, trophy: trophy, points: 0))
            }
        }
        try ChallengeRules.validate(items)
        try ChallengeRules.validate([Self.item(type: "running_distance", goal: 5000.5)])
    }

    @Test("an unknown trophy names the item and field, with the allowed values")
    func trophy() {
        let items = [Self.item("a"), Self.item("b"), Self.item("c"), Self.item("d", trophy: "platinum")]
        let error = Self.failure(items)
        #expect(error?.field == "items[3].reward.trophy")
        #expect(error?.message == "must be one of bronze, silver, gold, zombie_hand, got 'platinum'")
        #expect(error?.description == "invalid_argument: items[3].reward.trophy: must be one of bronze, silver, gold, zombie_hand, got 'platinum'")
    }

    @Test("each rule names its field", arguments: [
        (item(type: "swimming"), "items[0].type"),
        (item(goal: .nan), "items[0].goal"),
        (item(goal: .infinity), "items[0].goal"),
        (item(goal: 0), "items[0].goal"),
        (item(goal: -5), "items[0].goal"),
        (item(goal: 2_000_000), "items[0].goal"),
        (item(goal: 100.5), "items[0].goal"),
        (item(points: -1), "items[0].reward.points"),
        (item(""), "items[0].id"),
        (item("has space"), "items[0].id"),
        (item(String(repeating: "x", count: 65)), "items[0].id"),
        (item("ünï"), "items[0].id"),
        (item(title: "   "), "items[0].title"),
        (item(title: "bell\u{7}"), "items[0].title"),
        (item(title: String(repeating: "t", count: 201)), "items[0].title"),
    ] as [(Challenge, String)])
    func fields(item: Challenge, field: String) {
        let error = Self.failure([item])
        #expect(error?.code == .invalidArgument)
        #expect(error?.field == field)
    }

    @Test("duplicate ids within one file are refused, naming both")
    func duplicates() {
        let error = Self.failure([Self.item("a"), Self.item("b"), Self.item("a")])
        #expect(error?.field == "items[2].id")
        #expect(error?.message.contains("items[0]") == true)
    }

    @Test("empty and oversize loads are refused")
    func sizes() {
        #expect(Self.failure([])?.field == "items")
        let many = (0...LoadChallengesRequest.maxItems).map { Self.item("c\($0)") }
        #expect(Self.failure(many)?.field == "items")
        #expect(Self.failure(Array(many.dropLast())) == nil)
    }
}
