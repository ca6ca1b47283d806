/// The error part of a reply envelope: `{code, message, field?, rule?}`.
public struct WireError: Codable, Sendable, Equatable {
    /// Stable code; clients switch on this, never on `message`.
    public var code: String
    /// A sentence for people.
    public var message: String
    /// The offending field, e.g. `volume` or `items[2].reward.trophy`.
    public var field: String?
    /// The rule `field` broke, `{name, values}`, when the service names one.
    public var rule: ErrorRule?

    public init(code: String, message: String, field: String? = nil, rule: ErrorRule? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.rule = rule
    }

    public init(code: ErrorCode, message: String, field: String? = nil, rule: ErrorRule? = nil) {
        self.init(code: code.rawValue, message: message, field: field, rule: rule)
    }

    /// The code as a known `ErrorCode`, or `.internal` for a code this build does not know.
    public var errorCode: ErrorCode {
        ErrorCode(rawValue: code) ?? .internal
    }
}
