import QuenchProtocol

/// A steps or distance sample cut by local midnight, split as Apple's Health app does: each
/// local day it covers, at the sample's own UTC offset, gets the part of its value in
/// proportion to the time of its interval on that day (600 steps 23:30–00:30 → 300 + 300).
/// The merge in time (``SourceMerge``) then works on each day's pieces, so a sample is cut at
/// midnight first and at other sources' boundaries within the day second.
enum DaySplit {
    struct Piece: Equatable {
        /// The local day's ordinal (``LocalDay/ordinal``).
        var ordinal: Int
        var start: Double
        var end: Double
        var value: Double
    }

    /// The local day of an instant at a fixed offset.
    static func ordinal(_ instant: Double, offset: Int) -> Int {
        Int(((instant + Double(offset)) / 86_400).rounded(.down))
    }

    /// Whether `start…end` covers more than one local day at `offset` (an end exactly at
    /// midnight does not), without building its pieces.
    static func crossesMidnight(start: Double, end: Double, offset: Int) -> Bool {
        end > start && Int(((end + Double(offset)) / 86_400).rounded(.up)) - 1 > ordinal(start, offset: offset)
    }

    /// The sample's pieces, one per local day it covers, in order; a single piece (the whole
    /// sample) when it lies on one day or has no duration. An interval ending exactly at
    /// midnight ends on the day before. The last piece takes what the others leave, so the
    /// pieces add up to `value`.
    static func pieces(start: Double, end: Double, offset: Int, value: Double) -> [Piece] {
        let first = ordinal(start, offset: offset)
        guard end > start else { return [Piece(ordinal: first, start: start, end: end, value: value)] }
        let last = Int(((end + Double(offset)) / 86_400).rounded(.up)) - 1
        guard last > first else { return [Piece(ordinal: first, start: start, end: end, value: value)] }
        let length = end - start
        var pieces: [Piece] = []
        pieces.reserveCapacity(last - first + 1)
        var given = 0.0
        for day in first...last {
            let lower = max(start, Double(day) * 86_400 - Double(offset))
            let upper = min(end, Double(day + 1) * 86_400 - Double(offset))
            let part = day == last ? value - given : value * (upper - lower) / length
            given += part
            pieces.append(Piece(ordinal: day, start: lower, end: upper, value: part))
        }
        return pieces
    }

    /// The piece of a stored sample on local day `ordinal`; a sample stored without its offset
    /// (before `health.sample-day-parts`) counts whole on its day.
    static func piece(on ordinal: Int, start: Double, end: Double, offset: Int?, value: Double) -> Piece? {
        guard let offset, crossesMidnight(start: start, end: end, offset: offset) else {
            return Piece(ordinal: ordinal, start: start, end: end, value: value)
        }
        return pieces(start: start, end: end, offset: offset, value: value).first { $0.ordinal == ordinal }
    }
}
