/// The chart of a short series of values in order — one point per entry, evenly spaced
/// (as the CLI's sparkline spaces them), y from 0 to a `NiceScale` maximum: a lift's
/// one-rep-max estimates, one per training day. Positions are fractions (0…1) of the plot
/// area, like `MonthChart`'s.
public struct SeriesChart: Sendable, Equatable {
    /// One entry: its label on the x axis (a day) and its value.
    public struct Point: Sendable, Equatable {
        public let label: String
        public let value: Double

        public init(label: String, value: Double) {
            self.label = label
            self.value = value
        }
    }

    /// The entries, oldest first.
    public let points: [Point]
    /// The index of the entry to mark (a record), nil for none.
    public let highlight: Int?
    public let scale: NiceScale

    /// - Parameters:
    ///   - points: oldest first; negative or non-finite values count as 0.
    ///   - highlight: the entry to mark; ignored when out of range.
    ///   - emptyMax: the axis maximum when every value is 0.
    public init(points: [Point], highlight: Int? = nil, emptyMax: Double = 100, targetIntervals: Int = 4) {
        let clean = points.map { Point(label: $0.label, value: $0.value.isFinite && $0.value > 0 ? $0.value : 0) }
        self.points = clean
        self.highlight = highlight.flatMap { clean.indices.contains($0) ? $0 : nil }
        scale = NiceScale(largest: clean.map(\.value).max() ?? 0, targetIntervals: targetIntervals, emptyMax: emptyMax)
    }

    /// Where entry `index` sits across the plot: the first at 0, the last at 1 (a single
    /// entry in the middle).
    public func x(_ index: Int) -> Double {
        points.count > 1 ? Double(index) / Double(points.count - 1) : 0.5
    }

    /// Where `value` sits up the plot: 0 at the bottom, 1 at the axis maximum.
    public func y(_ value: Double) -> Double {
        scale.fraction(value)
    }

    /// The entries to label on an x axis `width` units wide when a label needs
    /// `labelWidth` units: the first and the last, and evenly spaced ones between while
    /// they do not touch. Empty when not even one label fits.
    public func labelled(width: Double, labelWidth: Double) -> [Int] {
        guard !points.isEmpty, width >= labelWidth, labelWidth > 0 else { return [] }
        guard points.count > 1 else { return [0] }
        let slots = max(1, Int(width / labelWidth))
        guard slots >= 2 else { return [points.count - 1] }
        let step = max(1, Int((Double(points.count - 1) / Double(slots - 1)).rounded(.up)))
        let perEntry = width / Double(points.count - 1)
        var indices = Array(stride(from: 0, to: points.count - 1, by: step))
        // The last entry is always labelled: a label too close before it gives way.
        while let last = indices.last, Double(points.count - 1 - last) * perEntry < labelWidth { indices.removeLast() }
        return indices + [points.count - 1]
    }
}
