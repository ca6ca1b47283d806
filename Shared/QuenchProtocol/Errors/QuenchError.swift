/// The one error vocabulary of Quench. Handlers throw it; the router puts it on the
/// wire as a `WireError`; the RPC client throws it back at the caller.
///
/// ```swift
/// throw QuenchError.invalidArgument("volume", "must be greater than 0 mL and at most 6000 mL, got -5")
/// ```
public struct QuenchError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: ErrorCode
    public var message: String
    public var field: String?
    /// The rule the field broke, when the thrower names one (a client says it in its language).
    public var rule: ErrorRule?

    public init(_ code: ErrorCode, _ message: String, field: String? = nil, rule: ErrorRule? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.rule = rule
    }

    public init(wire: WireError) {
        self.init(wire.errorCode, wire.message, field: wire.field, rule: wire.rule)
    }

    public var wire: WireError {
        WireError(code: code, message: message, field: field, rule: rule)
    }

    public var description: String {
        if let field {
            return "\(code.rawValue): \(field): \(message)"
        }
        return "\(code.rawValue): \(message)"
    }

    public static func invalidArgument(_ field: String, _ message: String, rule: ErrorRule? = nil) -> QuenchError {
        QuenchError(.invalidArgument, message, field: field, rule: rule)
    }

    public static func notFound(_ field: String?, _ message: String) -> QuenchError {
        QuenchError(.notFound, message, field: field)
    }

    public static func unavailable(_ message: String) -> QuenchError {
        QuenchError(.unavailable, message)
    }

    public static func permissionDenied(_ message: String) -> QuenchError {
        QuenchError(.permissionDenied, message)
    }

    public static func `internal`(_ message: String) -> QuenchError {
        QuenchError(.internal, message)
    }
}
