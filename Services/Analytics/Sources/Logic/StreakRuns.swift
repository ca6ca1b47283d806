/// Runs of consecutive met days, as closed ranges of day ordinals (`LocalDay.ordinal`), and
/// the streaks read from them. The read model keeps one row per maximal run, so a history
/// needs two index lookups for its streaks instead of every day the user ever logged.
enum StreakRuns {
    struct Run: Sendable, Equatable, CustomStringConvertible {
        var first: Int
        var last: Int

        var days: Int { last - first + 1 }
        var description: String { "\(first)…\(last)" }
    }

    /// The maximal runs of `ordinals` (any order, duplicates allowed), oldest first.
    static func runs(of ordinals: [Int]) -> [Run] {
        merged(ordinals.sorted().map { Run(first: $0, last: $0) })
    }

    /// Joins runs that touch or overlap; `runs` must be sorted by `first`.
    static func merged(_ runs: [Run]) -> [Run] {
        var result: [Run] = []
        result.reserveCapacity(runs.count)
        for run in runs {
            if let previous = result.last, run.first <= previous.last + 1 {
                result[result.count - 1].last = max(previous.last, run.last)
            } else {
                result.append(run)
            }
        }
        return result
    }

    /// The same answer as `Streaks.compute` over every met day, from two facts about the
    /// maximal runs.
    /// - Parameters:
    ///   - longestEnded: the longest run ending on or before `today` (0 when none).
    ///   - latest: the run with the latest first day on or before `today`.
    static func streaks(longestEnded: Int, latest: Run?, today: Int) -> (current: Int, longest: Int) {
        guard let latest, latest.first <= today else { return (0, longestEnded) }
        let upToToday = min(latest.last, today) - latest.first + 1
        let current = latest.last >= today - 1 ? upToToday : 0
        return (current, max(longestEnded, upToToday))
    }
}
