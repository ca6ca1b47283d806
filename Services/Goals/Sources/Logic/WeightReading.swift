import Foundation
import QuenchProtocol

/// Goals' copy of one weight sample.
struct WeightReading: Equatable, Sendable {
    /// The shared body-mass range (what health-ingest accepts); anything outside it is not a
    /// weight health-ingest stored: the event is skipped.
    static let plausibleKg = ValueRules.bodyMassKg

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
