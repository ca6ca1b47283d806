import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// `quench consent revoke|grant` against the four real executables, seen through the CLI:
/// a revoked type stops counting in every answer at once — steps chart and badges
/// (`quench steps`), challenges (`quench challenges progress`), one-rep maxes (`quench orm`),
/// dietary water counted as intake (`quench today`, `quench intakes`), the auto goal from body
/// mass (`quench today`'s goal) — and stays so after `quench analytics rebuild`; a grant
/// brings the kept data back without a re-import; `--delete-data` deletes it.
@Suite("Consent holds in every read model, end to end", .serialized)
struct ConsentReadModelsEndToEndTests {
    /// What the CLI shows of each read model.
    struct View: Equatable, CustomStringConvertible {
        var steps: Int
        var badges: Int
        var stepChallengeDays: Int
        var walkChallengeDays: Int
        var points: Int
        var exercises: Int
        var waterMl: Double
        var intakes: Int
        var goalMl: Double
        var goalSource: String

        var description: String {
            "steps \(steps) badges \(badges) challenges \(stepChallengeDays)/\(walkChallengeDays) points \(points) "
                + "exercises \(exercises) water \(waterMl) intakes \(intakes) goal \(goalMl) \(goalSource)"
        }
    }

    static func quench(_ system: AnalyticsSystem, _ arguments: [String]) throws -> CLIRunner.Result {
        try CLIAnalyticsTests.quench(system, arguments)
    }

    static func json(_ system: AnalyticsSystem, _ arguments: [String]) throws -> [String: Any] {
        let run = try quench(system, arguments + ["--json"])
        guard run.status == 0 else { throw TestFailure("quench \(arguments) failed (\(run.status)): \(run.stderr)") }
        return try run.json()
    }

    static func view(_ system: AnalyticsSystem) throws -> View {
        let steps = try json(system, ["steps"])
        let challenges = try json(system, ["challenges", "progress"])
        let byId = Dictionary(uniqueKeysWithValues: ((challenges["challenges"] as? [[String: Any]]) ?? []).map {
            ($0["id"] as? String ?? "", $0["daysCompleted"] as? Int ?? -1)
        })
        let orm = try json(system, ["orm"])
        let today = try json(system, ["today"])
        let intakes = try quench(system, ["intakes", "--json"])
        let intakeList = (try? JSONSerialization.jsonObject(with: Data(intakes.stdout.utf8))) as? [Any]
            ?? ((try? intakes.json())?["intakes"] as? [Any]) ?? []
        return View(
            steps: steps["total"] as? Int ?? -1,
            badges: ((steps["achievements"] as? [[String: Any]]) ?? []).filter { $0["earned"] as? Bool == true }.count,
            stepChallengeDays: byId["steps-10k"] ?? -1, walkChallengeDays: byId["walk-5k"] ?? -1,
            points: challenges["totalPoints"] as? Int ?? -1,
            exercises: (orm["exercises"] as? [Any])?.count ?? -1,
            waterMl: today["totalWaterMl"] as? Double ?? -1, intakes: intakeList.count,
            goalMl: today["goalMl"] as? Double ?? -1, goalSource: today["goalSource"] as? String ?? "")
    }

    /// Waits until the CLI shows `expected` (every service caught up), or fails with the last view.
    static func expectView(_ system: AnalyticsSystem, _ expected: View, _ comment: String) async throws {
        var last: View?
        let reached = try await eventually {
            last = try view(system)
            return last == expected
        }
        #expect(reached, "\(comment): expected \(expected), got \(last.map(\.description) ?? "nothing")\n\(system.analytics.logTail())")
    }

    /// 80 kg → half the pounds in fl oz: 80 × 2.20462262185 / 2 × 29.5735295625 = 2607.94 → 2608 mL.
    static let autoGoalMl = 2608.0

    /// Everything granted: 12,345 steps (1 badge, the step challenge's day), 6 km (the walk
    /// challenge's day): 70 points; one exercise; 500 mL imported water + 300 mL logged; auto goal.
    static let everything = View(
        steps: 12_345, badges: 1, stepChallengeDays: 1, walkChallengeDays: 1, points: 70, exercises: 1,
        waterMl: 800, intakes: 2, goalMl: autoGoalMl, goalSource: "auto")

    /// What `everything` becomes with `type` revoked.
    static func without(_ types: [ConsentType], from start: View = everything) -> View {
        var view = start
        for type in types {
            switch type {
            case .steps:
                view.steps = 0
                view.badges = 0
                view.stepChallengeDays = 0
                view.points -= 50
            case .distance:
                view.walkChallengeDays = 0
                view.points -= 20
            case .workouts:
                view.exercises = 0
            case .dietaryWater:
                view.waterMl -= 500
                view.intakes -= 1
            case .bodyMass:
                view.goalMl = 2500
                view.goalSource = "default"
            }
        }
        return view
    }

    static func start(_ label: String) async throws -> AnalyticsSystem {
        let zone = AnalyticsTime.midday()
        let system = try await AnalyticsSystem(label, timeZone: zone)
        let granted = try quench(system, ["consent", "grant", "steps", "body-mass", "distance", "dietary-water", "workouts"])
        #expect(granted.status == 0, "\(granted.stderr)")
        try await system.loadChallenges([
            Challenge(id: "steps-10k", title: "10k", description: "", type: "step", goal: 10_000, reward: .init(trophy: "gold", points: 50)),
            Challenge(id: "walk-5k", title: "Walk", description: "", type: "walking_distance", goal: 5_000, reward: .init(trophy: "silver", points: 20)),
        ])
        let start = Date().addingTimeInterval(-3600)
        let today = AnalyticsTime.today(zone)
        try await system.addSamples([
            SampleInput(type: "steps", value: 12_345, unit: "count", start: start, end: start.addingTimeInterval(600), source: "Watch"),
            SampleInput(type: "distance", value: 6, unit: "km", start: start, end: start.addingTimeInterval(600), source: "Watch"),
            SampleInput(type: "dietary-water", value: 500, unit: "mL", start: start, source: "Waterllama"),
            SampleInput(type: "body-mass", value: 80, unit: "kg", start: start, source: "Scale"),
            SampleInput(type: "strength", value: 100, unit: "kg", day: today.description, exercise: "Back Squat", sets: 1, reps: 5),
        ])
        try await system.log(300)
        try await expectView(system, everything, "everything granted")
        return system
    }

    @Test("each type revoked alone stops counting at once in its read models, and only there; granted, the kept data counts again")
    func eachType() async throws {
        let system = try await Self.start("consent-each")
        for type in ConsentType.allCases {
            let revoked = try Self.quench(system, ["consent", "revoke", type.rawValue])
            #expect(revoked.status == 0, "\(revoked.stderr)")
            try await Self.expectView(system, Self.without([type]), "\(type.rawValue) revoked")
            let granted = try Self.quench(system, ["consent", "grant", type.rawValue])
            #expect(granted.status == 0, "\(granted.stderr)")
            try await Self.expectView(system, Self.everything, "\(type.rawValue) granted again")
        }
        await system.close()
    }

    @Test("revoked, the CLI says what it leaves out; after analytics rebuild still nothing counts; granted and rebuilt, everything is back")
    func rebuild() async throws {
        let system = try await Self.start("consent-rebuild")
        let all = ConsentType.allCases.map(\.rawValue)
        #expect(try Self.quench(system, ["consent", "revoke"] + all).status == 0)
        let masked = Self.without(ConsentType.allCases)
        try await Self.expectView(system, masked, "all revoked")

        let steps = try Self.quench(system, ["steps"])
        #expect(steps.stdout.contains("Not counted: consent revoked for steps"), "\(steps.stdout)")
        #expect(try Self.json(system, ["steps"])["revoked"] as? [String] == ["steps"])
        let orm = try Self.quench(system, ["orm"])
        #expect(orm.stdout.contains("consent revoked for workouts") && !orm.stdout.contains("Back Squat"), "\(orm.stdout)")
        let challenges = try Self.json(system, ["challenges", "progress"])
        #expect(challenges["revoked"] as? [String] == ["steps", "distance"])

        let rebuilt = try Self.quench(system, ["analytics", "rebuild", "--json"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        try await system.waitUntilCaughtUp()
        try await Self.expectView(system, masked, "all revoked, after rebuild")

        #expect(try Self.quench(system, ["consent", "grant"] + all).status == 0)
        try await Self.expectView(system, Self.everything, "all granted again")
        #expect(try Self.quench(system, ["analytics", "rebuild"]).status == 0)
        try await system.waitUntilCaughtUp()
        try await Self.expectView(system, Self.everything, "all granted, after rebuild")
        await system.close()
    }

    @Test("analytics and intake down during a revoke: back, they catch up to the revoke; down during the grant, they catch up to it too")
    func downDuringChange() async throws {
        let system = try await Self.start("consent-down")
        let all = ConsentType.allCases.map(\.rawValue)
        system.analytics.stop()
        system.intake.stop()
        #expect(try Self.quench(system, ["consent", "revoke"] + all).status == 0)
        try system.intake.start()
        try system.analytics.start()
        try await Self.expectView(system, Self.without(ConsentType.allCases), "revoked while down, caught up")
        system.analytics.stop()
        system.intake.stop()
        #expect(try Self.quench(system, ["consent", "grant"] + all).status == 0)
        try system.intake.start()
        try system.analytics.start()
        try await Self.expectView(system, Self.everything, "granted while down, caught up")
        await system.close()
    }

    @Test("revoke --delete-data deletes each type's data: granted again, nothing of it comes back, also after a rebuild")
    func deleteData() async throws {
        let system = try await Self.start("consent-delete")
        let all = ConsentType.allCases.map(\.rawValue)
        let revoked = try Self.json(system, ["consent", "revoke", "--delete-data"] + all)
        #expect(revoked["deleted"] as? [String: Int] == ["steps": 1, "body-mass": 1, "distance": 1, "dietary-water": 1, "workouts": 1])
        let gone = Self.without(ConsentType.allCases)
        try await Self.expectView(system, gone, "all revoked and deleted")
        #expect(try Self.quench(system, ["consent", "grant"] + all).status == 0)
        // The steps day is published again as 0 on the grant; nothing else comes back.
        try await Self.expectView(system, gone, "granted after delete")
        #expect(try Self.quench(system, ["analytics", "rebuild"]).status == 0)
        try await system.waitUntilCaughtUp()
        try await Self.expectView(system, gone, "granted after delete, after rebuild")
        await system.close()
    }
}
