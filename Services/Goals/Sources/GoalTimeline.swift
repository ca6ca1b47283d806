import QuenchProtocol

/// The rules of goal history. Goals never overlap and never share a start day:
/// - a change on a day after the current goal's start day ends the current goal yesterday
///   and starts the new one today;
/// - a change on the current goal's start day replaces that goal;
/// - a change on a day before the current goal's start day (the user's zone moved west
///   after a change) replaces the current goal too: history never moves backwards.
enum GoalTimeline {
    enum Edit: Equatable {
        /// No goal stored yet: start the first on `day`.
        case start(LocalDay)
        /// Replace the goal that starts on `day`.
        case replace(LocalDay)
        /// End the current goal (started `currentStart`) on `endDay`, start a new one on `newStart`.
        case follow(currentStart: LocalDay, endDay: LocalDay, newStart: LocalDay)

        /// The first day the new goal applies to.
        var effectiveDay: LocalDay {
            switch self {
            case .start(let day), .replace(let day): day
            case .follow(_, _, let day): day
            }
        }
    }

    static func edit(current: StoredPeriod?, today: LocalDay) -> Edit {
        guard let current else { return .start(today) }
        if today <= current.startDay { return .replace(current.startDay) }
        return .follow(currentStart: current.startDay, endDay: today.adding(days: -1), newStart: today)
    }

    /// The goal in effect on `day`: the period containing it, else the default (days before
    /// the user's first goal).
    static func goal(on day: LocalDay, periods: [StoredPeriod]) -> GoalOnDay {
        guard let period = periods.first(where: { $0.contains(day) }) else {
            return GoalOnDay(day: day.description, goalMl: EffectiveGoal.defaultMl, source: GoalSource.default.rawValue)
        }
        return GoalOnDay(
            day: day.description, goalMl: period.goal.goalMl, source: period.goal.source.rawValue,
            startDay: period.startDay.description, endDay: period.endDay?.description)
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
