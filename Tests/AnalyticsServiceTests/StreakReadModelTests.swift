@testable import AnalyticsService
import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import Testing
import QuenchTestSupport

/// The streak read model (`water_streak`) against a full recomputation over every day.
@Suite("Streak read model: incremental equals recomputed")
struct StreakReadModelTests {
    static let today = LocalDay("2026-11-21")!

    static func day(_ offset: Int) -> String { today.adding(days: offset).description }

    @Test("maximal runs of any set of days, and the streaks read from them, match Streaks.compute")
    func runsLogic() {
        var random = SplitMix64(seed: 7)
        #expect(StreakRuns.runs(of: []) == [])
        #expect(StreakRuns.runs(of: [5, 3, 4, 4, 9, 10, 1]) == [.init(first: 1, last: 1), .init(first: 3, last: 5), .init(first: 9, last: 10)])
        #expect(StreakRuns.merged([.init(first: 1, last: 3), .init(first: 4, last: 4), .init(first: 2, last: 2), .init(first: 6, last: 7)])
            == [.init(first: 1, last: 4), .init(first: 6, last: 7)])
        for _ in 0..<2_000 {
            let met = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: 0...50, using: &random) }
            let runs = StreakRuns.runs(of: met)
            #expect(Set(runs.flatMap { Array($0.first...$0.last) }) == Set(met))
            for today in -1...52 {
                let longestEnded = runs.filter { $0.last <= today }.map(\.days).max() ?? 0
                let latest = runs.last { $0.first <= today }
                let fromRuns = StreakRuns.streaks(longestEnded: longestEnded, latest: latest, today: today)
                let full = Streaks.compute(metOrdinals: met, today: today)
                #expect(fromRuns == full, "met \(met.sorted()) today \(today)")
            }
        }
    }

    @Test("a past edit splits a streak, a lower goal joins two, a later goal change breaks one, deletes and erasures")
    func scenarios() async throws {
        let fixture = try AnalyticsFixture()
        func log(_ id: String, _ offset: Int, _ ml: Int64) throws {
            try fixture.intake(EventDescriptor.intakeLogged.name, IntakeEventBody(intake: record(id: id, day: Self.day(offset), waterUl: ml * 1000)))
        }
        func streaks() async throws -> (Int, Int) {
            let reply = try await fixture.handlers.history(HistoryRequest(days: 1), fixture.context())
            return (reply.currentStreak, reply.longestStreak)
        }
        // Ten met days up to yesterday (default goal 2500), one of them only 2000.
        for offset in -10 ... -1 { try log("d\(offset)", offset, offset == -6 ? 2000 : 2500) }
        #expect(try await streaks() == (5, 5))
        try await fixture.expectRecomputed()
        // Raising that day to 2500 joins the two runs.
        try fixture.intake(EventDescriptor.intakeUpdated.name, IntakeEventBody(
            intake: record(id: "d-6", day: Self.day(-6), waterUl: 2_500_000), previous: record(id: "d-6", day: Self.day(-6), waterUl: 2_000_000)))
        #expect(try await streaks() == (10, 10))
        // Moving a past day's only drink to today splits the run and starts today.
        try fixture.intake(EventDescriptor.intakeUpdated.name, IntakeEventBody(
            intake: record(id: "d-8", day: Self.day(0), waterUl: 2_500_000), previous: record(id: "d-8", day: Self.day(-8), waterUl: 2_500_000)))
        #expect(try await streaks() == (8, 8))
        try await fixture.expectRecomputed()
        // A goal of 3000 from day -4 on: none of -4…0 is met any more; 2000 from day -3 on
        // gives -3…0 back.
        try fixture.goals(EventDescriptor.goalChanged.name, goal(3000, on: Self.day(-4)))
        #expect(try await streaks() == (0, 3))
        try fixture.goals(EventDescriptor.goalChanged.name, goal(2000, on: Self.day(-3)))
        #expect(try await streaks() == (4, 4))
        try await fixture.expectRecomputed()
        // Replacing the change at -4 with a lower goal joins -7…0.
        try fixture.goals(EventDescriptor.goalChanged.name, goal(1000, on: Self.day(-4)))
        #expect(try await streaks() == (8, 8))
        // A goal change before every day re-judges all of them.
        try fixture.goals(EventDescriptor.goalChanged.name, goal(2600, on: Self.day(-30)))
        #expect(try await streaks() == (5, 5))
        try await fixture.expectRecomputed()
        // Erasing the goals: the default applies to every day again.
        try fixture.goals(EventDescriptor.goalErased.name, UserErasedBody(user: "ana"))
        #expect(try await streaks() == (8, 8))
        // Deleting today's drink: the current streak ends yesterday.
        try fixture.intake(EventDescriptor.intakeDeleted.name, IntakeEventBody(intake: record(id: "d-8", day: Self.day(0), waterUl: 2_500_000)))
        #expect(try await streaks() == (7, 7))
        try await fixture.expectRecomputed()
        try fixture.intake(EventDescriptor.intakeErased.name, UserErasedBody(user: "ana"))
        #expect(try await streaks() == (0, 0))
        #expect(try await fixture.database.pool.read { db in try StreakStore.runs(db, user: "ana") }.isEmpty)
    }

    @Test("random inserts, past edits, moves, deletes, goal changes and erasures keep the runs exactly recomputable",
          arguments: [1, 2, 3])
    func randomHistory(seed: UInt64) async throws {
        let fixture = try AnalyticsFixture()
        var random = SplitMix64(seed: seed)
        var intakes: [String: IntakeRecord] = [:]
        var next = 0
        var events: [Envelope] = []
        func send<Body: Encodable>(_ type: String, _ publisher: String, _ body: Body) throws {
            let event = try fixture.event(type, publisher: publisher, body)
            events.append(event)
            try fixture.apply(event)
        }
        for step in 0..<300 {
            let user = Int.random(in: 0..<5, using: &random) == 0 ? "bob" : "ana"
            let offset = Int.random(in: -45...3, using: &random)
            let ml = Int64(Int.random(in: 1...8, using: &random)) * 250
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<45:
                let intake = record(id: "i\(next)", user: user, day: Self.day(offset), waterUl: ml * 1000)
                next += 1
                intakes[intake.id] = intake
                try send(EventDescriptor.intakeLogged.name, ServiceName.intake, IntakeEventBody(intake: intake))
            case 45..<65:
                guard let old = intakes.values.randomElement(using: &random) else { continue }
                let moved = Bool.random(using: &random)
                let new = record(id: old.id, user: old.user, day: moved ? Self.day(offset) : old.day, waterUl: ml * 1000)
                intakes[old.id] = new
                try send(EventDescriptor.intakeUpdated.name, ServiceName.intake, IntakeEventBody(intake: new, previous: old))
            case 65..<80:
                guard let old = intakes.values.randomElement(using: &random) else { continue }
                intakes[old.id] = nil
                try send(EventDescriptor.intakeDeleted.name, ServiceName.intake, IntakeEventBody(intake: old))
            case 80..<97:
                let goalMl = [500.0, 1000, 1500, 2000, 2500, 3000][Int.random(in: 0..<6, using: &random)]
                try send(EventDescriptor.goalChanged.name, ServiceName.goals, goal(goalMl, on: Self.day(offset - Int.random(in: 0...10, using: &random)), user: user))
            case 97..<99:
                try send(EventDescriptor.goalErased.name, ServiceName.goals, UserErasedBody(user: user))
            default:
                intakes = intakes.filter { $0.value.user != user }
                try send(EventDescriptor.intakeErased.name, ServiceName.intake, UserErasedBody(user: user))
            }
            try await fixture.expectRecomputed(user: user, histories: step % 25 == 0)
        }
        try await fixture.expectRecomputed(user: "ana", histories: true)
        try await fixture.expectRecomputed(user: "bob", histories: true)

        // The read model is derived: a rebuild and a replay of the same events give it again.
        let before = try fixture.snapshot()
        #expect(before["water_streak"]?.isEmpty == false)
        _ = try await fixture.database.pool.write { db in try fixture.handlers.rebuild(db, fixture.context(principal: .admin)) }
        for event in events { try fixture.apply(event) }
        #expect(try fixture.snapshot() == before)

        // Applied as the subscribers do, in runs of up to 60 consecutive events of one
        // publisher per transaction, each run's streak days re-judged once at its end: the
        // same read model.
        _ = try await fixture.database.pool.write { db in try fixture.handlers.rebuild(db, fixture.context(principal: .admin)) }
        var start = 0
        var runs = 0
        while start < events.count {
            var end = start + 1
            let limit = start + Int.random(in: 1...60, using: &random)
            while end < min(events.count, limit), events[end].publisher == events[start].publisher { end += 1 }
            try fixture.apply(run: Array(events[start..<end]))
            runs += 1
            start = end
        }
        #expect(runs < events.count / 2, "the runs hold several events each")
        #expect(try fixture.snapshot() == before)
    }

    @Test("the streak queries are index lookups: no scan, no sort")
    func plans() async throws {
        let fixture = try AnalyticsFixture()
        let plans = try await fixture.database.pool.read { db in
            try [
                "SELECT days FROM water_streak WHERE user = 'ana' AND lastDay <= 20000 ORDER BY days DESC LIMIT 1",
                "SELECT firstDay, lastDay FROM water_streak WHERE user = 'ana' AND firstDay <= 20000 ORDER BY firstDay DESC LIMIT 1",
                "SELECT firstDay, lastDay FROM water_streak WHERE user = 'ana' AND firstDay BETWEEN 20000 AND 20010 ORDER BY firstDay",
            ].map { sql in try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }.joined(separator: "; ") }
        }
        for plan in plans {
            #expect(!plan.contains("SCAN") && !plan.contains("TEMP B-TREE"), "\(plan)")
        }
    }

    @Test("the migration builds the runs of a database written before them")
    func migration() throws {
        let path = TestScratch.file("analytics-migration", named: "analytics.sqlite").path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try AnalyticsSchema.migrator.migrate(queue, upTo: "analytics.v1")
        try queue.write { db in
            for (offset, ml) in [(-5, 2500), (-4, 2600), (-3, 1000), (-2, 2500), (-1, 3000)] {
                try db.execute(sql: "INSERT INTO water_day (user, day, waterUl, intakes) VALUES ('ana', ?, ?, 1)", arguments: [Self.day(offset), ml * 1000])
            }
            try db.execute(sql: "INSERT INTO goal_change (user, effectiveDay, goalMl, source) VALUES ('ana', ?, 900, 'manual')", arguments: [Self.day(-3)])
            try db.execute(sql: "INSERT INTO goal_change (user, effectiveDay, goalMl, source) VALUES ('ana', ?, 2800, 'manual')", arguments: [Self.day(-1)])
        }
        try AnalyticsSchema.migrator.migrate(queue)
        let runs = try queue.read { db in try StreakStore.runs(db, user: "ana") }
        let first = Self.today.ordinal
        #expect(runs == [.init(first: first - 5, last: first - 1)])
    }
}

extension AnalyticsFixture {
    /// Checks the runs and the streaks the read model gives against a recomputation from every
    /// day of `user`'s water and goals; with `histories`, whole history replies too.
    func expectRecomputed(user: String = "ana", histories: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let (runs, totals, timeline) = try await database.pool.read { db in
            (try StreakStore.runs(db, user: user), try WaterStore.days(db, user: user, through: "9999-12-31"), try GoalStore.timeline(db, user: user))
        }
        let met = totals.compactMap { entry -> Int? in
            guard let day = LocalDay(entry.day) else { return nil }
            return WaterMath.met(waterUl: entry.waterUl, goalMl: timeline.goal(on: day).goalMl) ? day.ordinal : nil
        }
        #expect(runs == StreakRuns.runs(of: met), sourceLocation: sourceLocation)
        let today = StreakReadModelTests.today
        for offset in [-46, -20, -7, -1, 0, 1, 2, 5] {
            let day = today.adding(days: offset)
            let streaks = try await database.pool.read { db in try StreakStore.streaks(db, user: user, today: day.ordinal) }
            #expect(streaks == Streaks.compute(metOrdinals: met, today: day.ordinal), "today \(day)", sourceLocation: sourceLocation)
            guard histories else { continue }
            set(now: "\(day)T12:00:00Z")
            for count in [1, 7, 30, 60] {
                let reply = try await handlers.history(HistoryRequest(days: count), context(user: user))
                let reference = WaterMath.history(today: day, days: count, totals: totals, timeline: timeline, lag: [])
                #expect(reply == reference, "today \(day), \(count) days", sourceLocation: sourceLocation)
            }
        }
        set(now: "\(today)T12:00:00Z")
    }
}
