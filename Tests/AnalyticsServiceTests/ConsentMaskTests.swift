@testable import AnalyticsService
import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import Testing

/// A revoked health consent masks every answer that uses its data, at once; a grant brings
/// the kept data back; a revoke with delete deletes it; a rebuild ends with the same mask.
@Suite("Consent masks in the analytics read models")
struct ConsentMaskTests {
    static let catalog = [
        Challenge(id: "steps-10k", title: "10k", description: "", type: "step", goal: 10_000, reward: .init(trophy: "gold", points: 50)),
        Challenge(id: "walk-5k", title: "Walk", description: "", type: "walking_distance", goal: 5_000, reward: .init(trophy: "silver", points: 20)),
    ]

    /// Ana's (and Bob's) month: 12,000 + 9,000 steps, 6 km and 4 km, one squat; two challenges.
    static func fixture() throws -> AnalyticsFixture {
        let fixture = try AnalyticsFixture()
        for challenge in catalog {
            try fixture.goals(EventDescriptor.challengeUpserted.name, ChallengeUpsertedBody(challenge: challenge))
        }
        for user in ["ana", "bob"] {
            try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: user, day: LocalDay("2026-11-19")!, steps: 12_000))
            try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: user, day: LocalDay("2026-11-20")!, steps: 9_000))
            try fixture.health(EventDescriptor.healthDistanceDayChanged.name, DistanceDayChangedBody(user: user, day: LocalDay("2026-11-19")!, meters: 6_000))
            try fixture.health(EventDescriptor.healthDistanceDayChanged.name, DistanceDayChangedBody(user: user, day: LocalDay("2026-11-20")!, meters: 4_000))
            try fixture.health(EventDescriptor.healthStrengthRecorded.name, strength("\(user)-s1", day: "2026-11-20", reps: 1, kg: 100, user: user))
        }
        return fixture
    }

    static func consent(_ fixture: AnalyticsFixture, _ type: ConsentType, granted: Bool, deleted: Bool? = nil, user: String = "ana") throws {
        try fixture.health(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: user, type: type.rawValue, granted: granted, deleted: deleted))
    }

    /// What ana sees: the month's steps total, badges earned, each challenge's completed days,
    /// her exercises, and the types the answers say were left out.
    struct Seen: Equatable {
        var steps: Int64
        var badges: Int
        var challengeDays: [String: Int]
        var points: Int
        var exercises: [String]
        var revoked: [String]
    }

    static func seen(_ fixture: AnalyticsFixture, user: String = "ana") async throws -> Seen {
        let context = fixture.context(user: user)
        let steps = try await fixture.handlers.stepsMonth(MonthRequest(), context)
        let challenges = try await fixture.handlers.challengesProgress(MonthRequest(), context)
        let orm = try await fixture.handlers.oneRepMax(OneRepMaxRequest(), context)
        return Seen(
            steps: steps.total, badges: steps.achievements.filter(\.earned).count,
            challengeDays: Dictionary(uniqueKeysWithValues: challenges.challenges.map { ($0.id, $0.daysCompleted) }),
            points: challenges.totalPoints, exercises: orm.exercises.map(\.name),
            revoked: (steps.revoked ?? []) + (challenges.revoked ?? []).map { "challenges:\($0)" } + (orm.revoked ?? []).map { "orm:\($0)" })
    }

    static let everything = Seen(
        steps: 21_000, badges: 2, challengeDays: ["steps-10k": 1, "walk-5k": 1], points: 70, exercises: ["Back Squat"], revoked: [])

    @Test("steps: revoked, the chart, the badges and the step challenge count none at once; granted, they count again")
    func steps() async throws {
        let fixture = try Self.fixture()
        #expect(try await Self.seen(fixture) == Self.everything)
        try Self.consent(fixture, .steps, granted: false)
        let revoked = try await Self.seen(fixture)
        #expect(revoked == Seen(
            steps: 0, badges: 0, challengeDays: ["steps-10k": 0, "walk-5k": 1], points: 20, exercises: ["Back Squat"],
            revoked: ["steps", "challenges:steps"]))
        let chart = try await fixture.handlers.stepsMonth(MonthRequest(), fixture.context())
        #expect(chart.days.allSatisfy { $0.steps == 0 } && chart.axisMax == 10_000)
        #expect(chart.achievements == [Achievement(threshold: 10_000, earned: false)])
        // Another user's consent is theirs.
        #expect(try await Self.seen(fixture, user: "bob") == Self.everything)
        try Self.consent(fixture, .steps, granted: true)
        #expect(try await Self.seen(fixture) == Self.everything)
    }

    @Test("distance: revoked, the distance challenge counts none; granted, it counts again")
    func distance() async throws {
        let fixture = try Self.fixture()
        try Self.consent(fixture, .distance, granted: false)
        #expect(try await Self.seen(fixture) == Seen(
            steps: 21_000, badges: 2, challengeDays: ["steps-10k": 1, "walk-5k": 0], points: 50, exercises: ["Back Squat"],
            revoked: ["challenges:distance"]))
        let walk = try await fixture.handlers.challengesProgress(MonthRequest(), fixture.context()).challenges.first { $0.id == "walk-5k" }
        #expect(walk?.days.allSatisfy { $0.value == 0 } == true)
        try Self.consent(fixture, .distance, granted: true)
        #expect(try await Self.seen(fixture) == Self.everything)
    }

    @Test("workouts: revoked, no one-rep max is shown (nor whether an exercise is known); granted, they are back")
    func workouts() async throws {
        let fixture = try Self.fixture()
        try Self.consent(fixture, .workouts, granted: false)
        var expected = Self.everything
        expected.exercises = []
        expected.revoked = ["orm:workouts"]
        #expect(try await Self.seen(fixture) == expected)
        let one = try await fixture.handlers.oneRepMax(OneRepMaxRequest(exercise: "back squat"), fixture.context())
        #expect(one.exercises.isEmpty && one.revoked == ["workouts"])
        let unknown = try await fixture.handlers.oneRepMax(OneRepMaxRequest(exercise: "bench press"), fixture.context())
        #expect(unknown.exercises.isEmpty && unknown.revoked == ["workouts"])
        // A set announced while revoked (it was stored before) is kept, masked.
        try fixture.health(EventDescriptor.healthStrengthRecorded.name, strength("ana-s2", day: "2026-11-21", exercise: "Deadlift", reps: 1, kg: 150))
        #expect(try await Self.seen(fixture) == expected)
        try Self.consent(fixture, .workouts, granted: true)
        expected = Self.everything
        expected.exercises = ["Back Squat", "Deadlift"]
        #expect(try await Self.seen(fixture) == expected)
        #expect(try await fixture.handlers.oneRepMax(OneRepMaxRequest(exercise: "back squat"), fixture.context()).exercises.count == 1)
    }

    @Test("body-mass and dietary-water change nothing here (goals and intake apply them); an unknown type is skipped")
    func otherTypes() async throws {
        let fixture = try Self.fixture()
        try Self.consent(fixture, .bodyMass, granted: false)
        try Self.consent(fixture, .dietaryWater, granted: false)
        #expect(try await Self.seen(fixture) == Self.everything)
        let skipped = await error {
            try fixture.health(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: "ana", type: "heart-rate", granted: false))
        }
        #expect(skipped is EventSkip)
        let noUser = await error {
            try fixture.health(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: "", type: "steps", granted: false))
        }
        #expect(noUser is EventSkip)
        #expect(try await Self.seen(fixture) == Self.everything)
    }

    @Test("revoke with delete, each type: the data is gone, and a grant does not bring it back")
    func revokeWithDelete() async throws {
        for type in [ConsentType.steps, .distance, .workouts] {
            let fixture = try Self.fixture()
            try Self.consent(fixture, type, granted: false, deleted: true)
            try fixture.health(EventDescriptor.healthSamplesDeleted.name, SamplesDeletedBody(user: "ana", type: type.rawValue, count: 2))
            try Self.consent(fixture, type, granted: true)
            var expected = Self.everything
            switch type {
            case .steps:
                expected.steps = 0
                expected.badges = 0
                expected.challengeDays["steps-10k"] = 0
                expected.points = 20
            case .distance:
                expected.challengeDays["walk-5k"] = 0
                expected.points = 50
            default:
                expected.exercises = []
            }
            #expect(try await Self.seen(fixture) == expected, "\(type)")
            #expect(try await Self.seen(fixture, user: "bob") == Self.everything, "\(type)")
        }
    }

    @Test("a rebuild replays the consent changes with the data: the same mask, the same answers, after a revoke and after a grant")
    func rebuild() async throws {
        let fixture = try AnalyticsFixture()
        var events: [Envelope] = []
        for challenge in Self.catalog {
            events.append(try fixture.event(EventDescriptor.challengeUpserted.name, publisher: ServiceName.goals, ChallengeUpsertedBody(challenge: challenge)))
        }
        func health<Body: Encodable>(_ type: String, _ body: Body) throws {
            events.append(try fixture.event(type, publisher: ServiceName.healthIngest, body))
        }
        try health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-19")!, steps: 12_000))
        try health(EventDescriptor.healthDistanceDayChanged.name, DistanceDayChangedBody(user: "ana", day: LocalDay("2026-11-19")!, meters: 6_000))
        try health(EventDescriptor.healthStrengthRecorded.name, strength("s1", day: "2026-11-20", reps: 1, kg: 100))
        for type in [ConsentType.steps, .distance, .workouts] {
            try health(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: "ana", type: type.rawValue, granted: false, deleted: false))
        }
        try health(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: "ana", type: "distance", granted: true))
        for event in events { try fixture.apply(event) }
        let masked = try await Self.seen(fixture)
        #expect(masked == Seen(
            steps: 0, badges: 0, challengeDays: ["steps-10k": 0, "walk-5k": 1], points: 20, exercises: [],
            revoked: ["steps", "challenges:steps", "orm:workouts"]))
        let state = try fixture.snapshot()
        #expect(state["consent_revoked"]?.count == 2)

        let reply = try await fixture.database.pool.write { db in try fixture.handlers.rebuild(db, fixture.context()) }
        #expect(reply.cleared["consent_revoked"] == 2)
        #expect(try await Self.seen(fixture).revoked == [])
        for event in events { try fixture.apply(event) }
        #expect(try fixture.snapshot() == state)
        #expect(try await Self.seen(fixture) == masked)
    }

    @Test("health.erased forgets the user's revoked consents with the data")
    func erase() async throws {
        let fixture = try Self.fixture()
        try Self.consent(fixture, .steps, granted: false)
        try fixture.health(EventDescriptor.healthErased.name, UserErasedBody(user: "ana"))
        #expect(try fixture.snapshot()["consent_revoked"] == [])
    }
}
