import QuenchProtocol

/// A history as the handler computes it: per day of the range its water and its goal, and
/// the streaks. `reply` is its `Codable` form; `HistoryEncoding` writes the same bytes
/// without building one `HistoryDay` and one `String` per day.
struct HistoryPage: Sendable {
    /// The first day's ordinal; the range ends today.
    let first: Int
    /// Microlitres per day, oldest first.
    let water: [Int64]
    /// The goal in mL per day, oldest first.
    let goals: [Double]
    let currentStreak: Int
    let longestStreak: Int
    let lag: [SubscriptionHealth]

    func totalWaterMl(_ offset: Int) -> Double {
        WaterMath.millilitres(water[offset])
    }

    func met(_ offset: Int) -> Bool {
        WaterMath.met(waterUl: water[offset], goalMl: goals[offset])
    }

    var reply: HistoryReply {
        HistoryReply(
            days: water.indices.map { offset in
                HistoryDay(
                    day: LocalDay(ordinal: first + offset), totalWaterMl: totalWaterMl(offset), goalMl: goals[offset],
                    met: met(offset))
            },
            currentStreak: currentStreak, longestStreak: longestStreak, lag: lag)
    }
}
