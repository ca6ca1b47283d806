import GRDB
import QuenchProtocol
import QuenchRuntime

/// The days whose streak a run of events may have changed, re-judged once when the run ends
/// instead of after every event: an import's thousand intakes over a month become one
/// `StreakStore.refresh` of that month. Re-judging a day is a recomputation from the stored
/// water and goals, so a day listed twice, or for an event that was later skipped, costs
/// time and changes nothing.
struct StreakBacklog {
    /// Days (ordinals) whose water changed.
    private var days: [String: [Int]] = [:]
    /// Effective days of goal changes: each decides the goal up to the next change.
    private var goals: [String: [String]] = [:]
    /// Users whose whole goal history went: every day with water.
    private var everything: Set<String> = []

    mutating func water(user: String, day: String) {
        guard let ordinal = LocalDay(day)?.ordinal else { return }
        days[user, default: []].append(ordinal)
    }

    mutating func goal(user: String, from day: String) {
        goals[user, default: []].append(day)
    }

    mutating func all(user: String) {
        everything.insert(user)
    }

    /// Re-judges every listed day, per user in spans of adjacent or overlapping days, and
    /// empties the backlog.
    mutating func refresh(_ db: Database) throws {
        let users = Set(days.keys).union(goals.keys).union(everything).sorted()
        for user in users {
            if everything.contains(user) {
                try StreakStore.refreshAll(db, user: user)
                continue
            }
            var spans = (days[user] ?? []).map { (first: $0, last: $0) }
            for day in goals[user] ?? [] {
                if let span = try StreakStore.goalSpan(db, user: user, from: day) { spans.append(span) }
            }
            for span in Self.merged(spans) {
                try StreakStore.refresh(db, user: user, from: span.first, through: span.last)
            }
        }
        days = [:]
        goals = [:]
        everything = []
    }

    /// `spans` sorted and joined where they overlap or touch.
    static func merged(_ spans: [(first: Int, last: Int)]) -> [(first: Int, last: Int)] {
        var result: [(first: Int, last: Int)] = []
        for span in spans.sorted(by: { $0.first < $1.first }) {
            if let last = result.last, span.first <= last.last + 1 {
                result[result.count - 1].last = max(last.last, span.last)
            } else {
                result.append(span)
            }
        }
        return result
    }
}

/// A subscriber transaction's run of events whose effects change streak days: each event
/// lists the days it changed, and the run re-judges them once, at its end.
struct StreakBatch: EventBatch {
    typealias Apply = (_ db: Database, _ event: Envelope, _ streaks: inout StreakBacklog) throws -> Void

    private let applyEvent: Apply
    private var streaks = StreakBacklog()

    init(_ apply: @escaping Apply) {
        applyEvent = apply
    }

    mutating func apply(_ db: Database, _ event: Envelope) throws {
        try applyEvent(db, event, &streaks)
    }

    mutating func finish(_ db: Database) throws {
        try streaks.refresh(db)
    }
}
