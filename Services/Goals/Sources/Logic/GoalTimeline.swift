import QuenchProtocol

/// The rules of goal history. Goals never overlap and never share a start day:
/// - a change on a day after the current goal's start day ends the current goal yesterday
///   and starts the new one today;
/// - a change on the current goal's start day replaces that goal;
/// - a change on a day before the current goal's start day (the user's zone moved west
///   after a change) replaces the current goal too: history never moves backwards;
/// - except for the user's first goal: one dated after the user's local today (it started on
///   the UTC day because goals did not know the zone yet) is fixed: it starts today instead.
enum GoalTimeline {
    enum Edit: Equatable {
        /// No goal stored yet: start the first on `day`.
        case start(LocalDay)
        /// Replace the goal that starts on `day`.
        case replace(LocalDay)
        /// End the current goal (started `currentStart`) on `endDay`, start a new one on `newStart`.
        case follow(currentStart: LocalDay, endDay: LocalDay, newStart: LocalDay)
        /// The first goal, started on `currentStart`, is replaced and starts on `newStart`, earlier.
        case restart(currentStart: LocalDay, newStart: LocalDay)

        /// The first day the new goal applies to.
        var effectiveDay: LocalDay {
            switch self {
            case .start(let day), .replace(let day): day
            case .follow(_, _, let day), .restart(_, let day): day
            }
        }
    }

    /// `first`: the current goal is the user's first (no goal ended before it).
    static func edit(current: StoredPeriod?, today: LocalDay, first: Bool = false) -> Edit {
        guard let current else { return .start(today) }
        if today < current.startDay, first { return .restart(currentStart: current.startDay, newStart: today) }
        if today <= current.startDay { return .replace(current.startDay) }
        return .follow(currentStart: current.startDay, endDay: today.adding(days: -1), newStart: today)
    }

    /// The goal in effect on `day`: the period containing it, else the default (days before
    /// the user's first goal).
    static func goal(on day: LocalDay, periods: [StoredPeriod]) -> GoalOnDay {
        guard let period = periods.first(where: { $0.contains(day) }) else {
            return GoalOnDay(day: day, goalMl: EffectiveGoal.defaultMl, source: GoalSource.default.rawValue)
        }
        return GoalOnDay(
            day: day, goalMl: period.goal.goalMl, source: period.goal.source.rawValue,
            startDay: period.startDay, endDay: period.endDay)
    }

    /// The goal on each day from `from` through `to`; `periods` sorted by start day.
    static func goals(from: LocalDay, to: LocalDay, periods: [StoredPeriod]) -> [GoalOnDay] {
        var index = 0
        return (0...from.days(to: to)).map { offset in
            let day = from.adding(days: offset)
            while index < periods.count, let end = periods[index].endDay, end < day {
                index += 1
            }
            let candidates = index < periods.count ? [periods[index]] : []
            return goal(on: day, periods: candidates)
        }
    }
}
