@testable import AnalyticsService
import Foundation
import GRDB
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing

@Suite("Queries through the handlers")
struct QueryTests {
    @Test("history judges each day by its own goal, from stored events")
    func history() async throws {
        let fixture = try AnalyticsFixture()
        try fixture.goals(EventDescriptor.goalChanged.name, goal(1000, on: "2026-11-18"))
        try fixture.goals(EventDescriptor.goalChanged.name, goal(3000, on: "2026-11-21"))
        let water: [(String, Int64)] = [
            ("2026-11-15", 2_500_000), ("2026-11-16", 2_600_000), ("2026-11-17", 2_000_000),
            ("2026-11-18", 1_000_000), ("2026-11-19", 1_100_000), ("2026-11-20", 1_500_000), ("2026-11-21", 2_000_000),
        ]
        for (index, (day, ul)) in water.enumerated() {
            try fixture.intake(EventDescriptor.intakeLogged.name, IntakeEventBody(intake: record(id: "i\(index)", day: day, waterUl: ul)))
        }
        var reply = try await fixture.handlers.history(HistoryRequest(days: 7), fixture.context())
        #expect(reply.days.map(\.met) == [true, true, false, true, true, true, false])
        #expect(reply.currentStreak == 3 && reply.longestStreak == 3)
        try fixture.intake(EventDescriptor.intakeLogged.name, IntakeEventBody(intake: record(id: "more", day: "2026-11-21", waterUl: 1_000_000)))
        reply = try await fixture.handlers.history(HistoryRequest(), fixture.context())
        #expect(reply.days.count == 30 && reply.days.last?.met == true)
        #expect(reply.currentStreak == 4 && reply.longestStreak == 4)
        // "Today" is the request's: in Kiritimati (UTC+14) it is already the 22nd, not met yet.
        let east = try await fixture.handlers.history(HistoryRequest(days: 2), fixture.context(timeZone: "Pacific/Kiritimati"))
        #expect(east.days.map(\.day.description) == ["2026-11-21", "2026-11-22"])
        #expect(east.currentStreak == 4)
    }

    @Test("steps month: every day so far, round axis, badges; a new month needs no restart")
    func stepsMonth() async throws {
        let fixture = try AnalyticsFixture(now: "2026-11-30T23:30:00Z")
        try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-29")!, steps: 12_345))
        try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-11-30")!, steps: 7_655))
        try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay("2026-10-30")!, steps: 9_999))
        var reply = try await fixture.handlers.stepsMonth(MonthRequest(), fixture.context())
        #expect(reply.month == "2026-11" && reply.days.count == 30 && reply.total == 20_000)
        #expect(reply.axisMax == 12_500)
        #expect(reply.achievements == [.init(threshold: 10_000, earned: true), .init(threshold: 20_000, earned: true), .init(threshold: 30_000, earned: false)])
        let october = try await fixture.handlers.stepsMonth(MonthRequest(month: "2026-10"), fixture.context())
        #expect(october.days.count == 31 && october.total == 9_999 && october.achievements == [.init(threshold: 10_000, earned: false)])
        fixture.set(now: "2026-12-01T00:30:00Z")
        reply = try await fixture.handlers.stepsMonth(MonthRequest(), fixture.context())
        #expect(reply.month == "2026-12" && reply.days == [StepsDay(day: LocalDay("2026-12-01")!, steps: 0)] && reply.axisMax == 10_000)
        let future = try await fixture.handlers.stepsMonth(MonthRequest(month: "2027-01"), fixture.context())
        #expect(future.days.isEmpty && future.total == 0)
    }

    static func workout(_ id: String, day: String, activity: String, meters: Double?) -> WorkoutRecordedBody {
        let start = ISO8601DateFormatter().date(from: day + "T07:00:00Z")!
        return WorkoutRecordedBody(
            user: "ana", sampleId: id, activity: "HKWorkoutActivityType" + activity, day: day, start: start,
            end: start.addingTimeInterval(1800), durationSeconds: 1800, distanceMeters: meters, energyKcal: nil, source: "Watch")
    }

    @Test("challenges: per-day progress, completed days, trophies and points; running counts running workouts only")
    func challenges() async throws {
        let fixture = try AnalyticsFixture(now: "2026-11-03T12:00:00Z")
        let catalog = [
            Challenge(id: "steps-10k", title: "10k", description: "", type: "step", goal: 10_000, reward: .init(trophy: "gold", points: 50)),
            Challenge(id: "walk-5k", title: "Walk", description: "", type: "walking_distance", goal: 5_000, reward: .init(trophy: "silver", points: 20)),
            Challenge(id: "run-3k", title: "Run", description: "", type: "running_distance", goal: 3_000, reward: .init(trophy: "gold", points: 30)),
        ]
        for challenge in catalog {
            try fixture.goals(EventDescriptor.challengeUpserted.name, ChallengeUpsertedBody(challenge: challenge))
        }
        for (day, steps, meters) in [("2026-11-01", Int64(10_000), 5_000.0), ("2026-11-02", 9_999, 3_500), ("2026-11-03", 15_000, 2_999)] {
            try fixture.health(EventDescriptor.healthStepsDayChanged.name, StepsDayChangedBody(user: "ana", day: LocalDay(day)!, steps: steps))
            try fixture.health(EventDescriptor.healthDistanceDayChanged.name, DistanceDayChangedBody(user: "ana", day: LocalDay(day)!, meters: meters))
        }
        // A 3 km run on the 1st; a 10 km walk on the 2nd (walking distance, not a run); 2999 m run on the 3rd.
        try fixture.health(EventDescriptor.healthWorkoutRecorded.name, Self.workout("w1", day: "2026-11-01", activity: "Running", meters: 3_000))
        try fixture.health(EventDescriptor.healthWorkoutBatchRecorded.name, WorkoutBatchRecordedBody(user: "ana", samples: [
            Self.workout("w2", day: "2026-11-02", activity: "Walking", meters: 10_000),
            Self.workout("w3", day: "2026-11-03", activity: "Running", meters: 2_999),
            Self.workout("w4", day: "2026-11-03", activity: "Running", meters: nil),
        ]))
        let reply = try await fixture.handlers.challengesProgress(MonthRequest(), fixture.context())
        let byId = Dictionary(uniqueKeysWithValues: reply.challenges.map { ($0.id, $0) })
        #expect(byId["steps-10k"]?.days.map(\.completed) == [true, false, true])
        #expect(byId["steps-10k"]?.points == 100 && byId["steps-10k"]?.trophies == 2)
        #expect(byId["walk-5k"]?.daysCompleted == 1 && byId["walk-5k"]?.points == 20 && byId["walk-5k"]?.unit == "meters")
        #expect(byId["run-3k"]?.days.map(\.value) == [3_000, 0, 2_999] && byId["run-3k"]?.unit == "meters")
        #expect(byId["run-3k"]?.daysCompleted == 1 && byId["run-3k"]?.points == 30)
        #expect(reply.totalPoints == 150)
        #expect(reply.trophies == [TrophyCount(trophy: "gold", count: 3), TrophyCount(trophy: "silver", count: 1)])

        let listed = try await fixture.handlers.workouts(MonthRequest(month: "2026-11"), fixture.context())
        #expect(listed.workouts.map(\.sampleId) == ["w1", "w2", "w3", "w4"] && listed.revoked == nil)
        // A revoked `workouts` hides them and stops running challenges; erase drops them.
        try fixture.health(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: "ana", type: "workouts", granted: false))
        let masked = try await fixture.handlers.challengesProgress(MonthRequest(), fixture.context())
        #expect(masked.challenges.first { $0.id == "run-3k" }?.daysCompleted == 0 && masked.revoked == ["workouts"])
        let hidden = try await fixture.handlers.workouts(MonthRequest(month: "2026-11"), fixture.context())
        #expect(hidden.workouts.isEmpty && hidden.revoked == ["workouts"])
        try fixture.health(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: "ana", type: "workouts", granted: true))
        #expect(try await fixture.handlers.workouts(MonthRequest(month: "2026-11"), fixture.context()).workouts.count == 4)
        // An upsert changes the catalog entry in place.
        var harder = catalog[0]
        harder.goal = 12_000
        try fixture.goals(EventDescriptor.challengeUpserted.name, ChallengeUpsertedBody(challenge: harder))
        let after = try await fixture.handlers.challengesProgress(MonthRequest(month: "2026-11"), fixture.context())
        #expect(after.challenges.count == 3 && after.challenges.first { $0.id == "steps-10k" }?.points == 50)
        try fixture.health(EventDescriptor.healthErased.name, UserErasedBody(user: "ana"))
        #expect(try await fixture.handlers.workouts(MonthRequest(month: "2026-11"), fixture.context()).workouts.isEmpty)
    }

    @Test("one-rep max: best per day, record, newest first, limit, filter, excluded sets")
    func oneRepMax() async throws {
        let fixture = try AnalyticsFixture()
        let sets: [(String, String, Int, Double)] = [
            ("a", "2026-11-01", 1, 100), ("b", "2026-11-01", 10, 90), // 100 vs 120: 120
            ("c", "2026-11-02", 12, 100), // 144
            ("d", "2026-11-03", 13, 200), ("e", "2026-11-03", 37, 200), // both excluded, no point
            ("f", "2026-11-04", 5, 100), // 112.5
        ]
        for (id, day, reps, kg) in sets {
            try fixture.health(EventDescriptor.healthStrengthRecorded.name, strength(id, day: day, reps: reps, kg: kg))
        }
        try fixture.health(EventDescriptor.healthStrengthRecorded.name, strength("g", day: "2026-11-02", exercise: "Deadlift", reps: 1, kg: 150))
        let all = try await fixture.handlers.oneRepMax(OneRepMaxRequest(), fixture.context())
        #expect(all.exercises.map(\.name) == ["Back Squat", "Deadlift"])
        let squat = try #require(all.exercises.first)
        #expect(squat.series == [
            .init(day: LocalDay("2026-11-04")!, oneRepMax: 112.5), .init(day: LocalDay("2026-11-02")!, oneRepMax: 144), .init(day: LocalDay("2026-11-01")!, oneRepMax: 120),
        ])
        #expect(squat.personalRecord == .init(day: LocalDay("2026-11-02")!, oneRepMax: 144))
        #expect(squat.excludedSets == 2)
        let limited = try await fixture.handlers.oneRepMax(OneRepMaxRequest(exercise: "  back   SQUAT ", limit: 1), fixture.context())
        #expect(limited.exercises.count == 1 && limited.exercises[0].series.map(\.day.description) == ["2026-11-04"])
        let missing = await error { try await fixture.handlers.oneRepMax(OneRepMaxRequest(exercise: "Bench Press"), fixture.context()) }
        let quench = try #require(missing as? QuenchError)
        #expect(quench.code == .notFound && quench.field == "exercise" && quench.message.contains("Bench Press"))
        let other = try await fixture.handlers.oneRepMax(OneRepMaxRequest(), fixture.context(user: "bob"))
        #expect(other.exercises.isEmpty)
    }

    @Test("bad input names its field", arguments: [
        ("day", "2026-02-30"), ("day", "yesterday"), ("month", "2026-13"), ("month", "2026-1"),
        ("days", "0"), ("days", "3661"), ("limit", "0"), ("limit", "3661"), ("exercise", ""),
    ])
    func badInput(field: String, value: String) async throws {
        if field == "day" {
            // A day is parsed where the request is decoded: the dispatcher answers
            // invalid_argument on the decoding error's field.
            let bytes = try MessagePackEncoder().encode(["day": value])
            #expect {
                try MessagePackDecoder().decode(DayRequest.self, from: bytes)
            } throws: { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return false }
                return context.codingPath.map(\.stringValue) == ["day"]
            }
            return
        }
        let fixture = try AnalyticsFixture()
        let context = fixture.context()
        let handlers = fixture.handlers
        let failure: (any Error)? = switch field {
        case "month": await error { try await handlers.stepsMonth(MonthRequest(month: value), context) }
        case "days": await error { try await handlers.history(HistoryRequest(days: Int(value)), context) }
        case "limit": await error { try await handlers.oneRepMax(OneRepMaxRequest(limit: Int(value)), context) }
        default: await error { try await handlers.oneRepMax(OneRepMaxRequest(exercise: value), context) }
        }
        let quench = try #require(failure as? QuenchError)
        #expect(quench.code == .invalidArgument && quench.field == field)
        if field == "month" {
            let challenges = await error { try await handlers.challengesProgress(MonthRequest(month: value), context) }
            #expect((challenges as? QuenchError)?.field == "month")
        }
    }

    @Test("a user may read only its own answers")
    func ownDataOnly() async throws {
        let fixture = try AnalyticsFixture()
        let failure = await error {
            try await fixture.handlers.day(DayRequest(), fixture.context(user: "bob", principal: .user("ana")))
        }
        #expect((failure as? QuenchError)?.code == .permissionDenied)
    }
}
