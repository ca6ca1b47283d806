/// A y axis from 0 to a round maximum strictly above the largest value, with evenly spaced
/// ticks at "nice" steps.
///
/// The step is the smallest nice number — 1, 2 or 5 × 10ⁿ, or 2.5 × 10ⁿ from 25 on (so every
/// tick is a whole number) — at least `largest / targetIntervals`; the maximum is the next
/// multiple of the step strictly above `largest`. That gives 3 to `targetIntervals + 1`
/// intervals: 9,999 → 0…10,000 by 2,000; 12,345 → 0…12,500 by 2,500; 20,000 → 0…25,000 by 5,000.
/// With nothing to show (largest ≤ 0) the axis runs to `emptyMax`.
public struct NiceScale: Sendable, Equatable {
    /// The top of the axis (the bottom is 0).
    public let max: Double
    /// The distance between two ticks.
    public let step: Double

    /// How many intervals the axis aims for by default.
    public static let defaultIntervals = 5

    public init(largest: Double, targetIntervals: Int = NiceScale.defaultIntervals, emptyMax: Double = 10) {
        let intervals = Double(Swift.max(1, targetIntervals))
        guard largest.isFinite, largest > 0 else {
            let top = emptyMax.isFinite && emptyMax > 0 ? emptyMax : 10
            step = NiceScale.niceStep(atLeast: top / intervals)
            max = (top / step).rounded(.up) * step
            return
        }
        step = NiceScale.niceStep(atLeast: largest / intervals)
        max = ((largest / step).rounded(.down) + 1) * step
    }

    /// The tick values from 0 to `max`, both included.
    public var ticks: [Double] {
        let count = intervals
        return (0...count).map { Double($0) * step }
    }

    /// The number of intervals between 0 and `max`.
    public var intervals: Int {
        Int((max / step).rounded())
    }

    /// Where `value` sits on the axis: 0 at the bottom, 1 at `max` (not clamped).
    public func fraction(_ value: Double) -> Double {
        max > 0 ? value / max : 0
    }

    /// The smallest nice number ≥ `minimum` (and ≥ 1).
    public static func niceStep(atLeast minimum: Double) -> Double {
        guard minimum.isFinite, minimum > 1 else { return 1 }
        var magnitude = 1.0
        while magnitude * 10 <= minimum { magnitude *= 10 }
        let mantissas: [Double] = magnitude >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10]
        for mantissa in mantissas where mantissa * magnitude >= minimum {
            return mantissa * magnitude
        }
        return magnitude * 10
    }
}
