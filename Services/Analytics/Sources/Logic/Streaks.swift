import QuenchProtocol

/// Streaks of days on which the goal was met, each day judged by its own goal.
enum Streaks {
    /// - Parameters:
    ///   - metDays: the days the goal was met (any order, duplicates allowed).
    ///   - today: the user's today; later days are ignored.
    /// - Returns: `current`: consecutive met days ending today, or ending yesterday when
    ///   today is not met yet; `longest`: the longest run up to today.
    static func compute(metDays: [LocalDay], today: LocalDay) -> (current: Int, longest: Int) {
        compute(metOrdinals: metDays.map(\.ordinal), today: today.ordinal)
    }

    static func compute(metOrdinals: [Int], today last: Int) -> (current: Int, longest: Int) {
        let ordinals = metOrdinals.filter { $0 <= last }.sorted()
        var longest = 0
        var run = 0
        var previous: Int?
        for ordinal in ordinals where ordinal != previous {
            run = previous == ordinal - 1 ? run + 1 : 1
            longest = max(longest, run)
            previous = ordinal
        }
        guard let final = previous, final >= last - 1 else { return (0, longest) }
        return (run, longest)
    }
}
