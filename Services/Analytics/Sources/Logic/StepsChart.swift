/// The month step chart's y axis and badges.
///
/// Axis maximum: the axis starts at 0 and ends at the smallest "round" number strictly
/// above the largest day, where round means a multiple of
/// - 1,000 while the largest day is below 10,000,
/// - 2,000 from 10,000 up to 20,000,
/// - 5,000 from 20,000 up to 50,000,
/// - 10,000 from 50,000 on.
/// A month without steps gets 10,000.
///
/// Badges: one per 10,000 steps of the month's total; the list holds every earned badge
/// and then the next one to earn.
enum StepsChart {
    static let emptyAxisMax: Int64 = 10_000
    static let badgeSize: Int64 = 10_000

    static func axisMax(largestDay: Int64) -> Int64 {
        guard largestDay > 0 else { return emptyAxisMax }
        let step: Int64 = switch largestDay {
        case ..<10_000: 1_000
        case ..<20_000: 2_000
        case ..<50_000: 5_000
        default: 10_000
        }
        return (largestDay / step + 1) * step
    }

    static func achievements(monthTotal: Int64) -> [(threshold: Int64, earned: Bool)] {
        let earned = max(monthTotal, 0) / badgeSize
        return (1...(earned + 1)).map { index in (index * badgeSize, index <= earned) }
    }
}
