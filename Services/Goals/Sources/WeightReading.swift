import Foundation
import QuenchProtocol

/// Goals' copy of one weight sample.
struct WeightReading: Equatable, Sendable {
    /// Anything outside this is not a human body mass: the event is skipped.
    static let plausibleKg = 0.5...1000.0

    var kg: Double
    var measuredAt: Date
    var sampleId: String

    /// Whether this reading should replace `current`: it was measured later (a reading measured
    /// at the same instant, a correction, replaces too). Arrival order does not matter.
    func supersedes(_ current: WeightReading?) -> Bool {
        guard let current else { return true }
        return measuredAt >= current.measuredAt
    }
}
