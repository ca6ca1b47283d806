import QuenchCharts

/// The month step chart's y axis and badges.
///
/// Axis maximum: the axis starts at 0 and ends at the chart's round maximum (`NiceScale`,
/// the rule every renderer of the chart uses): the next multiple strictly above the largest
/// day of the smallest step of 1, 2, 2.5 or 5 × 10ⁿ (2.5 from 25 on) that is at least a
/// fifth of the largest day — 9,999 → 10,000; 12,345 → 12,500; 20,000 → 25,000. A month
/// without steps gets 10,000.
///
/// Badges: one per 10,000 steps of the month's total; the list holds every earned badge
/// and then the next one to earn.
enum StepsChart {
    static let emptyAxisMax: Int64 = 10_000
    static let badgeSize: Int64 = 10_000

    static func axisMax(largestDay: Int64) -> Int64 {
        Int64(NiceScale(largest: Double(max(0, largestDay)), emptyMax: Double(emptyAxisMax)).max)
    }

    static func achievements(monthTotal: Int64) -> [(threshold: Int64, earned: Bool)] {
        let earned = max(monthTotal, 0) / badgeSize
        return (1...(earned + 1)).map { index in (index * badgeSize, index <= earned) }
    }
}
