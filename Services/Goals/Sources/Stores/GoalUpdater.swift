import Foundation
import GRDB
import QuenchProtocol

/// Stores a user's new state and, when the goal in effect changes, edits the history and
/// emits `goal.changed`, all in the caller's transaction. Used by the commands and by the
/// health-event subscriber alike.
struct GoalUpdater {
    /// Appends an event to the transaction (`WriteContext.emit` or `Outbox.append`).
    typealias Emit = (_ db: Database, _ user: String, _ body: GoalChangedBody) throws -> Void

    struct Outcome {
        var goal: EffectiveGoal
        var since: LocalDay?
        var changed: Bool
    }

    let emit: Emit

    /// `today` is the user's current local day. The event is appended last, after every
    /// other write, so nothing can fail after it.
    @discardableResult
    func commit(_ db: Database, user: String, state: GoalState, today: LocalDay) throws -> Outcome {
        try GoalStore.save(db, user: user, state)
        let current = try GoalStore.current(db, user: user)
        let old = current?.goal ?? .default
        let new = state.effective
        // A first goal dated after the user's today (started on the UTC day) is fixed even
        // when the goal stays the same.
        var misdated = false
        if let current, current.startDay > today {
            misdated = try !GoalStore.hasEnded(db, user: user)
        }
        if new.isSameGoal(as: old), !misdated {
            return Outcome(goal: old, since: current?.startDay, changed: false)
        }
        let edit = GoalTimeline.edit(current: current, today: today, first: misdated)
        switch edit {
        case .start(let day):
            try GoalStore.insert(db, user: user, startDay: day, goal: new)
        case .replace(let day):
            try GoalStore.replace(db, user: user, startDay: day, goal: new)
        case .follow(let currentStart, let endDay, let newStart):
            try GoalStore.end(db, user: user, startDay: currentStart, endDay: endDay)
            try GoalStore.insert(db, user: user, startDay: newStart, goal: new)
        case .restart(let currentStart, let newStart):
            try GoalStore.replace(db, user: user, startDay: currentStart, goal: new)
            try GoalStore.move(db, user: user, startDay: currentStart, to: newStart)
            // Readers keyed by effective day (analytics) replace what they hold for the old
            // start first, then learn the earlier one.
            try emit(db, user, GoalChangedBody(
                user: user, oldGoalMl: old.goalMl, newGoalMl: new.goalMl, source: new.source.rawValue,
                weightKg: new.source == .auto ? new.weightKg : nil, effectiveDay: currentStart,
                adjusted: new.adjusted?.rawValue))
        }
        let body = GoalChangedBody(
            user: user, oldGoalMl: old.goalMl, newGoalMl: new.goalMl, source: new.source.rawValue,
            weightKg: new.source == .auto ? new.weightKg : nil, effectiveDay: edit.effectiveDay,
            adjusted: new.adjusted?.rawValue)
        try emit(db, user, body)
        return Outcome(goal: new, since: edit.effectiveDay, changed: true)
    }

    /// The user's local day at `instant` in `zone` (UTC when goals does not know the zone).
    static func today(_ instant: Date, zone: String) -> LocalDay {
        LocalDay(instant: instant, timeZone: TimeZone(identifier: zone) ?? TimeZone(identifier: "UTC") ?? .current)
    }
}
