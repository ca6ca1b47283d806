/// The chart of one value per day of a month: x runs over every day of the month (1 to
/// `dayCount`), y from 0 to a `NiceScale` maximum; the days with a value are the points and
/// `today`, when it falls in the month, is marked. Positions are fractions (0…1) of the plot
/// area, so the terminal and the SVG renderers draw the same chart at any size.
public struct MonthChart: Sendable, Equatable {
    /// One day's value; `day` counts from 1.
    public struct Point: Sendable, Equatable {
        public let day: Int
        public let value: Double

        public init(day: Int, value: Double) {
            self.day = day
            self.value = value
        }
    }

    /// The days on the x axis (28 to 31 for a calendar month).
    public let dayCount: Int
    /// The days with a value, in day order.
    public let points: [Point]
    /// The day marked as today, nil when today is not in the month.
    public let today: Int?
    public let scale: NiceScale

    /// - Parameters:
    ///   - values: the values of days 1, 2, … in order (fewer than `dayCount` when the month
    ///     is not over); negative or non-finite values count as 0.
    ///   - dayCount: the days of the month (at least the number of values, at least 1).
    ///   - today: the day to mark; ignored when outside 1…dayCount.
    ///   - emptyMax: the axis maximum when every value is 0.
    public init(values: [Double], dayCount: Int, today: Int? = nil, emptyMax: Double = 10_000, targetIntervals: Int = NiceScale.defaultIntervals) {
        let clean = values.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        let days = Swift.max(1, dayCount, clean.count)
        self.dayCount = days
        points = clean.enumerated().map { Point(day: $0.offset + 1, value: $0.element) }
        self.today = today.flatMap { (1...days).contains($0) ? $0 : nil }
        scale = NiceScale(largest: clean.max() ?? 0, targetIntervals: targetIntervals, emptyMax: emptyMax)
    }

    /// The largest value, 0 for none.
    public var largest: Double {
        points.map(\.value).max() ?? 0
    }

    /// Where `day` sits across the plot: day 1 at 0, the last day of the month at 1 (a
    /// one-day month in the middle).
    public func x(day: Int) -> Double {
        dayCount > 1 ? Double(day - 1) / Double(dayCount - 1) : 0.5
    }

    /// Where `value` sits up the plot: 0 at the bottom, 1 at the axis maximum.
    public func y(_ value: Double) -> Double {
        scale.fraction(value)
    }

    /// The days to label on an x axis `width` units wide when a label needs `labelWidth`
    /// units (its own width plus a gap): every k-th day for the smallest k of 1, 2, 5, 7,
    /// 10, 15 whose labels do not touch (1, 3, 5 …; 1, 8, 15 …; 1, 5, 10 …); today's label
    /// replaces any it would overlap. Empty when not even one label fits.
    public func dayTicks(width: Double, labelWidth: Double) -> [Int] {
        guard width >= labelWidth, labelWidth > 0 else { return [] }
        let perDay = dayCount > 1 ? width / Double(dayCount - 1) : width
        let every = [1, 2, 5, 7, 10, 15].first { Double($0) * perDay >= labelWidth } ?? dayCount
        var days: [Int]
        if every % 5 == 0 {
            // 1, 5, 10, … (or 1, 10, 20, …); day 1 gives way to the first multiple when they touch.
            days = [1] + stride(from: every, through: dayCount, by: every).filter { $0 > 1 }
            if days.count > 1, Double(days[1] - 1) * perDay < labelWidth { days.remove(at: 0) }
        } else {
            // 1, 3, 5, … or 1, 8, 15, … (weeks).
            days = Array(stride(from: 1, through: dayCount, by: every))
        }
        if let today, !days.contains(today) {
            days.removeAll { abs(Double($0 - today)) * perDay < labelWidth }
            days.append(today)
            days.sort()
        }
        return days
    }
}
