import Foundation
import QuenchProtocol
import QuenchTestSupport
import WebDashboard

/// Replies as the services give them, for the renderers.
enum Fixtures {
    static let hostile = #"<script>alert("x")</script> & 'tea'"#
    static let day = LocalDay("2026-11-24")!
    static let context = PageContext(user: "ana", csrf: (name: "_csrf", value: "tok\"en<1>"))

    static func intake(_ id: String, fluid: String, ml: Double, hour: Int, source: String = "manual") -> IntakeRecord {
        let at = day.start(in: TimeZone(identifier: "Europe/Berlin")!).addingTimeInterval(Double(hour) * 3600)
        return IntakeRecord(
            id: id, user: "ana", fluid: fluid, volumeMl: ml, waterMl: ml * 0.99, waterMicrolitres: Int64(ml * 990), waterPercent: 99, at: at,
            day: day.description, timeZone: "Europe/Berlin", source: source, createdAt: at, updatedAt: at)
    }

    static func today(totalMl: Double = 1000, goalMl: Double = 2500, intakes: [IntakeRecord]? = nil) -> TodayPage {
        let list = intakes ?? [intake("i1", fluid: "water", ml: 500, hour: 8), intake("i2", fluid: "coffee", ml: 500, hour: 10)]
        let fluids = [Fluid(name: "water", waterPercent: 100, custom: false), Fluid(name: "coffee", waterPercent: 99, custom: false),
                      Fluid(name: "tea", waterPercent: 99, custom: false)]
        return TodayPage(
            day: day, total: DayTotal(day: day, totalWaterMicrolitres: Int64(totalMl * 1000), count: list.count),
            goal: GoalOnDay(day: day, goalMl: goalMl, source: "manual"), intakes: ListIntakesReply(day: day, intakes: list), fluids: fluids,
            usual: UsualDrinks.pick(recent: list, fluids: fluids))
    }

    static func history() -> HistoryReply {
        let first = day.adding(days: -(HistoryPage.daysToShow(today: day) - 1))
        let days = (0...first.days(to: day)).map { offset -> HistoryDay in
            let d = first.adding(days: offset)
            let total = offset % 3 == 0 ? 2600.0 : (offset % 3 == 1 ? 1200 : 0)
            return HistoryDay(day: d, totalWaterMl: total, goalMl: 2500, met: total >= 2500)
        }
        return HistoryReply(days: days, currentStreak: 1, longestStreak: 4, lag: [])
    }

    static func steps() -> StepsMonthReply {
        let days = (1...24).map { StepsDay(day: LocalDay(year: 2026, month: 11, day: $0)!, steps: Int64($0 * 500)) }
        let total = days.reduce(0) { $0 + $1.steps }
        return StepsMonthReply(
            month: "2026-11", days: days, total: total, axisMax: 15_000,
            achievements: (1...16).map { Achievement(threshold: Int64($0) * 10_000, earned: Int64($0) * 10_000 <= total) }, lag: [])
    }

    static func orm(name: String = "Back Squat") -> OneRepMaxReply {
        let series = (0..<5).map { OneRepMaxPoint(day: day.adding(days: -$0 * 3), oneRepMax: 100 + Double(5 - $0) * 2.5) }
        return OneRepMaxReply(
            exercises: [
                ExerciseOneRepMax(name: name, personalRecord: series[0], series: series, excludedSets: 2),
                ExerciseOneRepMax(name: "Bench Press", personalRecord: OneRepMaxPoint(day: day, oneRepMax: 80), series: [OneRepMaxPoint(day: day, oneRepMax: 80)], excludedSets: 0),
            ], lag: [])
    }

    static func challenges(title: String = "Ten thousand a day") -> ChallengesProgressReply {
        let days = (1...24).map { ChallengeDay(day: LocalDay(year: 2026, month: 11, day: $0)!, value: Double($0 * 500), completed: $0 * 500 >= 10_000) }
        let done = days.filter(\.completed).count
        return ChallengesProgressReply(
            month: "2026-11",
            challenges: [ChallengeProgress(
                id: "ten-k", title: title, type: "step", goal: 10_000, unit: "steps", reward: .init(trophy: "gold", points: 10), days: days,
                daysCompleted: done, trophies: done, points: done * 10)],
            totalPoints: done * 10, trophies: [TrophyCount(trophy: "gold", count: done)], lag: [])
    }

    static func consents() -> ConsentListReply {
        ConsentListReply(consents: ConsentType.allCases.map {
            ConsentState(type: $0.rawValue, granted: $0 != .bodyMass, since: $0 == .bodyMass ? nil : Date(timeIntervalSince1970: 1_790_000_000))
        })
    }

    static func goal() -> (GoalReply, GoalHistoryReply) {
        (GoalReply(goalMl: 2450, source: "auto", since: day, weightKg: 70, adjusted: nil, pinned: false, autoAvailable: true),
         GoalHistoryReply(goals: [
            GoalPeriod(goalMl: 2450, source: "auto", startDay: day, endDay: nil, weightKg: 70),
            GoalPeriod(goalMl: 2000, source: "manual", startDay: day.adding(days: -30), endDay: day.adding(days: -1)),
         ]))
    }

    /// Every page rendered with the fixtures.
    /// A tokens page just after a Health Auto Export token was made, beside a full one.
    static func tokens() -> TokensPage {
        let made = Date(timeIntervalSince1970: 1_796_000_000)
        let full = TokenInfo(id: "0a1b2c3d4e5f", user: "ana", name: "t470s", createdAt: made, lastUsedAt: made.addingTimeInterval(3600), scopes: [.account])
        let export = TokenInfo(id: "5f4e3d2c1b0a", user: "ana", name: "n8-01", createdAt: made, lastUsedAt: nil, scopes: [.ingest])
        return TokensPage(tokens: [full, export], created: (export, "qt_" + String(repeating: "A", count: 43)), zone: "Europe/Berlin")
    }

    static func allPages(context: PageContext = context) -> [(DashboardPage, String)] {
        let (goal, goalHistory) = goal()
        return [
            (.today, today().render(context)),
            (.goal, GoalPage(goal: goal, history: goalHistory).render(context)),
            (.history, HistoryPage(history: history()).render(context)),
            (.steps, StepsPage(steps: steps(), today: day).render(context)),
            (.strength, StrengthPage(orm: orm()).render(context)),
            (.challenges, ChallengesPage(progress: challenges(), today: day).render(context)),
            (.consents, ConsentsPage(consents: consents()).render(context)),
            (.tokens, tokens().render(context)),
        ]
    }
}

extension ParsedSVG {
    func named(_ name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    func byID(_ id: String) -> Element? {
        elements.first { $0.attributes["id"] == id }
    }
}
