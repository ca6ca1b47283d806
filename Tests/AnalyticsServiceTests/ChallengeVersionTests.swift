@testable import AnalyticsService
import Foundation
import GRDB
import QuenchProtocol
import QuenchTestSupport
import QuenchRuntime
import Testing

/// The reward in force on the day it was earned (issue 30 item 4): analytics keeps the
/// catalog by effective day (`challenge.upserted` with `effectiveDay`, `challenge.retired`)
/// and scores each day with the version in force that day, so a later change does not
/// rescore past days, and a replay of the events gives the same answers.
@Suite("Challenge versions by effective day")
struct ChallengeVersionTests {
    static func steps(_ id: String = "steps-10k", points: Int, goal: Double = 10_000, trophy: String = "gold") -> Challenge {
        Challenge(id: id, title: "Ten thousand", description: "", type: "step", goal: goal, reward: .init(trophy: trophy, points: points))
    }

    static func upsert(_ fixture: AnalyticsFixture, _ challenge: Challenge, from day: String?) throws {
        try fixture.goals(
            EventDescriptor.challengeUpserted.name, ChallengeUpsertedBody(challenge: challenge, effectiveDay: day.flatMap(LocalDay.init)))
    }

    static func walk(_ fixture: AnalyticsFixture, _ days: [String], steps: Int64 = 12_000) throws {
        for day in days {
            try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay(day)!, steps: steps))
        }
    }

    static func progress(_ fixture: AnalyticsFixture, _ month: String = "2026-11") async throws -> ChallengesProgressReply {
        try await fixture.handlers.challengesProgress(MonthRequest(month: month), fixture.context())
    }

    static func pointsByDay(_ entry: ChallengeProgress?) -> [String: Int] {
        var points: [String: Int] = [:]
        for day in entry?.days ?? [] {
            if let earned = day.points { points[day.day.description] = earned }
        }
        return points
    }

    @Test("points changed on the 4th: the 2nd keeps 10, the 5th earns 50 (60, not 100)")
    func pointsChangeBetweenTwoDays() async throws {
        let fixture = try AnalyticsFixture(now: "2026-11-06T12:00:00Z")
        try Self.upsert(fixture, Self.steps(points: 10), from: "2026-11-01")
        try Self.walk(fixture, ["2026-11-02", "2026-11-05"])
        let before = try await Self.progress(fixture)
        #expect(before.totalPoints == 20)
        try Self.upsert(fixture, Self.steps(points: 50, trophy: "silver"), from: "2026-11-04")
        let after = try await Self.progress(fixture)
        let entry = after.challenges.first
        #expect(Self.pointsByDay(entry) == ["2026-11-02": 10, "2026-11-05": 50])
        #expect(entry?.points == 60 && entry?.daysCompleted == 2 && after.totalPoints == 60)
        // The newest version in force in the month describes the challenge; trophies by the day's kind.
        #expect(entry?.reward == Challenge.Reward(trophy: "silver", points: 50))
        #expect(after.trophies == [TrophyCount(trophy: "gold", count: 1), TrophyCount(trophy: "silver", count: 1)])
        // A harder goal from the 6th: the 5th stays completed at 12,000 steps; the 6th is not.
        try Self.walk(fixture, ["2026-11-06"])
        try Self.upsert(fixture, Self.steps(points: 50, goal: 15_000), from: "2026-11-06")
        let harder = try await Self.progress(fixture).challenges.first
        #expect(harder?.days.map(\.completed) == [false, true, false, false, true, false])
        #expect(harder?.points == 60)
    }

    @Test("a challenge's first version counts for the days before it; a same-day change keeps them")
    func firstVersionCountsBackwards() async throws {
        let fixture = try AnalyticsFixture(now: "2026-11-06T12:00:00Z")
        try Self.walk(fixture, ["2026-10-20", "2026-11-02", "2026-11-06"])
        try Self.upsert(fixture, Self.steps(points: 10), from: "2026-11-06")
        #expect(try await Self.progress(fixture, "2026-10").totalPoints == 10)
        try Self.upsert(fixture, Self.steps(points: 70), from: "2026-11-06")
        let november = try await Self.progress(fixture)
        #expect(Self.pointsByDay(november.challenges.first) == ["2026-11-02": 10, "2026-11-06": 70])
        #expect(try await Self.progress(fixture, "2026-10").totalPoints == 10)
    }

    @Test("a challenge added to a catalog later counts from its own day: the finished days before keep what they earned")
    func addedLaterCountsForward() async throws {
        let fixture = try AnalyticsFixture(now: "2026-11-20T12:00:00Z")
        try Self.walk(fixture, ["2026-10-20", "2026-11-02", "2026-11-10", "2026-11-20"])
        try Self.upsert(fixture, Self.steps(points: 10), from: "2026-11-01")
        try Self.upsert(fixture, Self.steps("walk-7k", points: 7, goal: 7_000), from: "2026-11-20")
        let november = try await Self.progress(fixture)
        let added = november.challenges.first { $0.id == "walk-7k" }
        #expect(Self.pointsByDay(added) == ["2026-11-20": 7], "\(String(describing: added))")
        #expect(Self.pointsByDay(november.challenges.first { $0.id == "steps-10k" }) == ["2026-11-02": 10, "2026-11-10": 10, "2026-11-20": 10])
        let october = try await Self.progress(fixture, "2026-10")
        #expect(october.totalPoints == 10, "only the first catalog scores the past: \(october)")
        // A rebuild replays the same events in order and decides the same.
        let before = try fixture.snapshot()
        try await fixture.database.pool.write { db in try db.execute(sql: "DELETE FROM challenge_version") }
        try Self.upsert(fixture, Self.steps(points: 10), from: "2026-11-01")
        try Self.upsert(fixture, Self.steps("walk-7k", points: 7, goal: 7_000), from: "2026-11-20")
        #expect(try fixture.snapshot()["challenge_version"] == before["challenge_version"])
    }

    @Test("a retired challenge scores nothing from its day; earlier days keep theirs; later months leave it out")
    func retired() async throws {
        let fixture = try AnalyticsFixture(now: "2026-12-03T12:00:00Z")
        try Self.upsert(fixture, Self.steps(points: 10), from: "2026-11-01")
        try Self.upsert(fixture, Self.steps("steps-5k", points: 5, goal: 5_000), from: "2026-11-01")
        try Self.walk(fixture, ["2026-11-02", "2026-11-05", "2026-12-02"])
        try fixture.goals(EventDescriptor.challengeRetired.name, ChallengeRetiredBody(id: "steps-10k", effectiveDay: LocalDay("2026-11-04")!))
        let november = try await Self.progress(fixture)
        let retired = november.challenges.first { $0.id == "steps-10k" }
        #expect(Self.pointsByDay(retired) == ["2026-11-02": 10])
        #expect(november.totalPoints == 10 + 5 + 5)
        let december = try await Self.progress(fixture, "2026-12")
        #expect(december.challenges.map(\.id) == ["steps-5k"] && december.totalPoints == 5)
        // Back in the feed from the 2nd of December: counted again from then.
        try Self.upsert(fixture, Self.steps(points: 20), from: "2026-12-02")
        #expect(try await Self.progress(fixture, "2026-12").totalPoints == 5 + 20)
        // Retiring what analytics never saw is skipped (logged and counted), not applied.
        #expect(throws: EventSkip.self) {
            try fixture.goals(EventDescriptor.challengeRetired.name, ChallengeRetiredBody(id: "unknown", effectiveDay: LocalDay("2026-12-01")!))
        }
    }

    @Test("events without effectiveDay (before versions) apply to every day, as the catalog did then")
    func legacyEvents() async throws {
        let fixture = try AnalyticsFixture(now: "2026-11-06T12:00:00Z")
        try Self.walk(fixture, ["2026-11-02"])
        try Self.upsert(fixture, Self.steps(points: 10), from: nil)
        try Self.upsert(fixture, Self.steps(points: 30), from: nil)
        #expect(try await Self.progress(fixture).totalPoints == 30)
        // A versioned change after them applies from its day only.
        try Self.upsert(fixture, Self.steps(points: 90), from: "2026-11-03")
        #expect(try await Self.progress(fixture).totalPoints == 30)
    }

    /// 10 points from the 1st, 50 from the 4th, retired from the 6th: as goals publishes them.
    static func history(_ fixture: AnalyticsFixture) throws -> [Envelope] {
        [
            try fixture.event(EventDescriptor.challengeUpserted.name, publisher: ServiceName.goals,
                ChallengeUpsertedBody(challenge: Self.steps(points: 10), effectiveDay: LocalDay("2026-11-01"))),
            try fixture.event(EventDescriptor.challengeUpserted.name, publisher: ServiceName.goals,
                ChallengeUpsertedBody(challenge: Self.steps(points: 50), effectiveDay: LocalDay("2026-11-04"))),
            try fixture.event(EventDescriptor.challengeRetired.name, publisher: ServiceName.goals,
                ChallengeRetiredBody(id: "steps-10k", effectiveDay: LocalDay("2026-11-06")!)),
        ]
    }

    @Test("a replay of the events (a rebuild) gives the same versions and the same points")
    func rebuild() async throws {
        let fixture = try AnalyticsFixture(now: "2026-11-06T12:00:00Z")
        try fixture.apply(run: try Self.history(fixture))
        try Self.walk(fixture, ["2026-11-02", "2026-11-05", "2026-11-06"])
        let first = try await Self.progress(fixture)
        let snapshot = try fixture.snapshot()["challenge_version"]
        #expect(first.totalPoints == 60 && snapshot?.count == 3)

        let replay = try AnalyticsFixture(now: "2026-11-06T12:00:00Z")
        try Self.walk(replay, ["2026-11-02", "2026-11-05", "2026-11-06"])
        try replay.apply(run: try Self.history(replay))
        #expect(try replay.snapshot()["challenge_version"] == snapshot)
        #expect(try await Self.progress(replay) == first)
    }

    @Test("the migration keeps a catalog stored before versions: each challenge in force on every day")
    func migration() throws {
        let path = TestScratch.file("analytics-challenge-migration", named: "analytics.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try AnalyticsSchema.migrator.migrate(queue, upTo: "analytics.v5-strength-warmup")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO challenge (id, title, description, type, goal, trophy, points)
                VALUES ('steps-10k', 'Ten thousand', '', 'step', 10000, 'gold', 10)
                """)
        }
        try AnalyticsSchema.migrator.migrate(queue)
        let versions = try queue.read { db in try ChallengeStore.versions(db, from: "2026-11-01", to: "2026-11-30") }
        #expect(versions["steps-10k"]?.inForce(on: "2026-11-05") == Self.steps(points: 10))
        #expect(try queue.read { db in try ChallengeStore.count(db) } == 1)
        #expect(try queue.read { db in try db.tableExists("challenge") } == false)
    }

    @Test("which version is in force: newest by day, a day's later version before its origin, a backdated origin before all, another not")
    func inForce() {
        func version(_ day: String, origin: Bool = false, retired: Bool = false, backdated: Bool = false, points: Int) -> ChallengeVersion {
            ChallengeVersion(challenge: Self.steps(points: points), effectiveDay: day, origin: origin, retired: retired, backdated: backdated)
        }
        let versions = ChallengeVersions([
            version("2026-11-04", origin: true, backdated: true, points: 1), version("2026-11-04", points: 2), version("2026-11-08", points: 3),
            version("2026-11-10", retired: true, points: 3),
        ])
        let forward = ChallengeVersions([version("2026-11-04", origin: true, points: 1), version("2026-11-08", points: 3)])
        #expect(forward.inForce(on: "2026-11-03") == nil)
        #expect(forward.inForce(on: "2026-11-04")?.reward.points == 1)
        #expect(versions.inForce(on: "2026-11-01")?.reward.points == 1)
        #expect(versions.inForce(on: "2026-11-04")?.reward.points == 2)
        #expect(versions.inForce(on: "2026-11-09")?.reward.points == 3)
        #expect(versions.inForce(on: "2026-11-10") == nil)
        #expect(ChallengeVersions([]).inForce(on: "2026-11-01") == nil)
    }
}
