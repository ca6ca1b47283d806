import QuenchProtocol

/// Why a sample is not stored: a reason counted by imports (`value-out-of-range`, …) and
/// the field and rule reported when a single sample is refused.
struct SampleRejection: Error, Equatable {
    static let unknownType = "unknown-type"
    static let unknownUnit = "unknown-unit"
    static let outOfRange = "value-out-of-range"
    static let endsBeforeStart = "ends-before-start"
    static let tooOld = "before-2000"
    static let inFuture = "in-future"
    static let invalid = "invalid"
    /// The sample would take its day's steps or distance past the daily bound (``ValueRules``).
    static let dayTotalOutOfRange = "day-total-out-of-range"

    var reason: String
    var field: String
    var message: String
    /// The rule broken, when it has a name a client can say in its language (PROTOCOL §4).
    var rule: ErrorRule? = nil
}
