/// Who is calling, as established by the transport (CURVE + ZAP), never by the envelope.
public enum Principal: Sendable, Equatable, CustomStringConvertible {
    /// A person; may touch only its own data.
    case user(String)
    /// Another Quench service (`service:analytics`).
    case service(String)
    /// An operator; may act for any user.
    case admin
    /// No authentication (an `--insecure` loopback deployment): trusted like an operator.
    case insecure

    public var description: String {
        switch self {
        case .user(let id): "user:\(id)"
        case .service(let name): "service:\(name)"
        case .admin: "admin"
        case .insecure: "insecure"
        }
    }
}
