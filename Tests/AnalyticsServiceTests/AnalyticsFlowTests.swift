import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// Analytics following intake, goals and health-ingest, each applying the others' events
/// through its real subscriber transaction (in process; the real executables too with
/// `QUENCH_TEST_LIVE=1`). Moved from the end-to-end tests with the same assertions.
@Suite("Analytics following the other services")
struct AnalyticsFlowTests {
    @Test("history and streaks judge each day by its own goal", arguments: TestMode.selected)
    func historyAndStreaks(mode: TestMode) async throws {
        // Goals change "today" in the request's zone: a change from UTC−12 and then one from
        // UTC+14 give two different effective days (one or two days apart).
        let east = "Pacific/Kiritimati"
        let west = "Etc/GMT+12"
        let system = try await AnalyticsSystem("history", mode: mode, timeZone: east)
        let westGoals = try system.client(ServiceName.goals, timeZone: west)
        let today = AnalyticsTime.today(east)
        let first = AnalyticsTime.today(west)
        let gap = first.days(to: today)
        #expect((1...2).contains(gap))
        try await system.setGoal(1000, client: westGoals)
        try await system.setGoal(3000)

        try await system.log(2600, at: AnalyticsTime.noon(first.adding(days: -3), east))
        try await system.log(2500, at: AnalyticsTime.noon(first.adding(days: -2), east))
        try await system.log(2000, at: AnalyticsTime.noon(first.adding(days: -1), east))
        for offset in 0..<gap {
            try await system.log(1200, at: AnalyticsTime.noon(first.adding(days: offset), east))
        }
        try await system.log(2000)
        try await system.waitUntilCaughtUp()

        var history = try await system.ask(MessageDescriptor.analyticsHistory.name, HistoryRequest(days: gap + 4), as: HistoryReply.self)
        #expect(history.days.map(\.day.description) == (0..<(gap + 4)).map { first.adding(days: $0 - 3).description })
        #expect(history.days.map(\.goalMl) == [2500, 2500, 2500] + Array(repeating: 1000, count: gap) + [3000])
        #expect(history.days.map(\.met) == [true, true, false] + Array(repeating: true, count: gap) + [false])
        #expect(history.currentStreak == gap)
        #expect(history.longestStreak == max(2, gap))

        let summary = try await system.ask(MessageDescriptor.analyticsToday.name, DayRequest(), as: DaySummary.self)
        #expect(summary.day == today && summary.totalWaterMl == 2000 && summary.goalMl == 3000)
        #expect(summary.goalSource == "manual" && summary.percent == 66.7 && summary.remainingMl == 1000)
        let before = try await system.ask(MessageDescriptor.analyticsToday.name, DayRequest(day: first.adding(days: -1)), as: DaySummary.self)
        #expect(before.goalMl == 2500 && before.goalSource == "default" && before.totalWaterMl == 2000)

        try await system.log(1500)
        try await system.waitUntilCaughtUp()
        history = try await system.ask(MessageDescriptor.analyticsHistory.name, HistoryRequest(days: 3), as: HistoryReply.self)
        #expect(history.days.last?.met == true && history.days.count == 3)
        #expect(history.currentStreak == gap + 1 && history.longestStreak == max(2, gap + 1))
        let over = try await system.ask(MessageDescriptor.analyticsToday.name, DayRequest(), as: DaySummary.self)
        #expect(over.percent == 116.7 && over.remainingMl == 0)
        await westGoals.close()
        await system.close()
    }

    @Test("steps from two sources: the month chart, its axis, badges at 9,999 / 10,000 / 20,000, challenge points", arguments: TestMode.selected)
    func stepsAndChallenges(mode: TestMode) async throws {
        let zone = AnalyticsTime.midday()
        let system = try await AnalyticsSystem("steps", mode: mode, timeZone: zone)
        let today = AnalyticsTime.today(zone)
        try await system.grant([.steps, .distance, .workouts])
        try await system.loadChallenges([
            Challenge(id: "steps-10k", title: "10k a day", description: "", type: "step", goal: 10_000, reward: .init(trophy: "gold", points: 50)),
            Challenge(id: "walk-5k", title: "Walk 5 km", description: "", type: "walking_distance", goal: 5_000, reward: .init(trophy: "silver", points: 20)),
            Challenge(id: "run-3k", title: "Run 3 km", description: "", type: "running_distance", goal: 3_000, reward: .init(trophy: "bronze", points: 30)),
        ])
        let now = Date()
        func steps(_ value: Double, _ source: String, hoursAgo: Double) -> SampleInput {
            let start = now.addingTimeInterval(-hoursAgo * 3600)
            return SampleInput(type: "steps", value: value, unit: "count", start: start, end: start.addingTimeInterval(600), source: source)
        }
        // Both devices counted the same walk: the day's total is the larger, never the sum.
        try await system.addSamples([steps(6_000, "iPhone", hoursAgo: 3), steps(4_000, "Watch", hoursAgo: 3), steps(5_999, "Watch", hoursAgo: 2)])

        func month() async throws -> StepsMonthReply {
            try await system.waitUntilCaughtUp()
            return try await system.ask(MessageDescriptor.analyticsStepsMonth.name, MonthRequest(), as: StepsMonthReply.self)
        }
        var chart = try await month()
        #expect(chart.month == CalendarMonthText.of(today))
        #expect(chart.days.count == today.day && chart.days.last?.day == today)
        #expect(chart.days.dropLast().allSatisfy { $0.steps == 0 })
        #expect(chart.total == 9_999 && chart.days.last?.steps == 9_999)
        #expect(chart.axisMax == 10_000)
        #expect(chart.achievements == [Achievement(threshold: 10_000, earned: false)])
        let daily = try await system.healthClient.call(
            MessageDescriptor.samplesDaily.name, DailySamplesRequest(type: "steps", from: today, to: today),
            as: DailySamplesReply.self)
        #expect(daily.days.first?.value == 9_999)

        try await system.addSamples([steps(1, "Watch", hoursAgo: 1)])
        chart = try await month()
        #expect(chart.total == 10_000 && chart.axisMax == 12_000)
        #expect(chart.achievements == [.init(threshold: 10_000, earned: true), .init(threshold: 20_000, earned: false)])

        try await system.addSamples([steps(10_000, "Watch", hoursAgo: 0.5), steps(5_000, "iPhone", hoursAgo: 0.5)])
        chart = try await month()
        #expect(chart.total == 20_000 && chart.axisMax == 25_000)
        #expect(chart.achievements == [.init(threshold: 10_000, earned: true), .init(threshold: 20_000, earned: true), .init(threshold: 30_000, earned: false)])

        let start = now.addingTimeInterval(-2 * 3600)
        try await system.addSamples([
            SampleInput(type: "distance", value: 4, unit: "km", start: start, end: start.addingTimeInterval(1800), source: "Watch"),
            // The run challenge counts running workouts only: this 3.5 km run, not the 4 km of walking+running.
            SampleInput(
                type: "workout", value: 20, unit: "min", start: start, end: start.addingTimeInterval(1200), source: "Watch",
                activity: "HKWorkoutActivityTypeRunning", distance: 3.5, distanceUnit: "km"),
        ])
        try await system.waitUntilCaughtUp()
        let progress = try await system.ask(MessageDescriptor.analyticsChallengesProgress.name, MonthRequest(), as: ChallengesProgressReply.self)
        let byId = Dictionary(uniqueKeysWithValues: progress.challenges.map { ($0.id, $0) })
        #expect(byId["steps-10k"]?.days.last == ChallengeDay(day: today, value: 20_000, completed: true, points: 50))
        #expect(byId["steps-10k"]?.daysCompleted == 1 && byId["steps-10k"]?.points == 50)
        #expect(byId["walk-5k"]?.daysCompleted == 0 && byId["walk-5k"]?.days.last?.value == 4_000)
        #expect(byId["run-3k"]?.daysCompleted == 1 && byId["run-3k"]?.points == 30 && byId["run-3k"]?.unit == "meters")
        #expect(byId["run-3k"]?.days.last?.value == 3_500)
        #expect(progress.totalPoints == 80)
        #expect(progress.trophies == [TrophyCount(trophy: "bronze", count: 1), TrophyCount(trophy: "gold", count: 1)])

        // Revoking steps with its data drops analytics' steps too.
        let _: ConsentListReply = try await system.healthClient.call(
            MessageDescriptor.consentRevoke.name, ConsentChangeRequest(types: ["steps"], deleteData: true), idempotencyKey: UUID().uuidString)
        chart = try await month()
        #expect(chart.total == 0 && chart.axisMax == 10_000)
        await system.close()
    }

    @Test("one-rep max with 1, 10, 12, 13 and 37 reps; filter and unknown exercise", arguments: TestMode.selected)
    func oneRepMax(mode: TestMode) async throws {
        let system = try await AnalyticsSystem("orm", mode: mode)
        try await system.grant([.workouts])
        let today = AnalyticsTime.today(system.timeZone)
        func set(_ day: Int, _ reps: Int, _ kg: Double, _ exercise: String = "Back Squat") -> SampleInput {
            SampleInput(type: "strength", value: kg, unit: "kg", day: today.adding(days: day).description, exercise: exercise, sets: 1, reps: reps)
        }
        try await system.addSamples([
            set(-3, 1, 100), set(-2, 10, 90), set(-2, 12, 100), set(-1, 13, 150), set(-1, 37, 20), set(0, 5, 100),
            set(-1, 1, 140, "Deadlift"),
        ])
        try await system.waitUntilCaughtUp()
        let all = try await system.ask(MessageDescriptor.analyticsOneRepMax.name, OneRepMaxRequest(), as: OneRepMaxReply.self)
        #expect(all.exercises.map(\.name) == ["Back Squat", "Deadlift"])
        let squat = try #require(all.exercises.first)
        #expect(squat.series == [
            OneRepMaxPoint(day: today, oneRepMax: 112.5),
            OneRepMaxPoint(day: today.adding(days: -2), oneRepMax: 144),
            OneRepMaxPoint(day: today.adding(days: -3), oneRepMax: 100),
        ])
        #expect(squat.personalRecord == OneRepMaxPoint(day: today.adding(days: -2), oneRepMax: 144))
        #expect(squat.excludedSets == 2)
        let one = try await system.ask(MessageDescriptor.analyticsOneRepMax.name, OneRepMaxRequest(exercise: "back squat", limit: 2), as: OneRepMaxReply.self)
        #expect(one.exercises.map(\.name) == ["Back Squat"] && one.exercises[0].series.count == 2)

        let bad: [(String, any Encodable & Sendable, String, ErrorCode)] = [
            (MessageDescriptor.analyticsOneRepMax.name, OneRepMaxRequest(exercise: "Bench Press"), "exercise", .notFound),
            (MessageDescriptor.analyticsOneRepMax.name, OneRepMaxRequest(limit: 3661), "limit", .invalidArgument),
            (MessageDescriptor.analyticsHistory.name, HistoryRequest(days: 3661), "days", .invalidArgument),
            (MessageDescriptor.analyticsStepsMonth.name, MonthRequest(month: "2026-13"), "month", .invalidArgument),
            (MessageDescriptor.analyticsChallengesProgress.name, MonthRequest(month: "26-1"), "month", .invalidArgument),
            (MessageDescriptor.analyticsToday.name, ["day": "2026-02-30"], "day", .invalidArgument),
        ]
        for (type, body, field, code) in bad {
            do {
                _ = try await system.analyticsClient.call(type, body, as: LagReply.self)
                Issue.record("\(type) accepted \(body)")
            } catch let error as QuenchError {
                #expect(error.code == code && error.field == field, "\(type): \(error)")
                if field == "exercise" { #expect(error.message.contains("Bench Press")) }
            }
        }
        await system.close()
    }
}

enum CalendarMonthText {
    static func of(_ day: LocalDay) -> String {
        String(day.description.prefix(7))
    }
}
