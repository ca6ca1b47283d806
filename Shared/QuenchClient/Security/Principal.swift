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

    /// Services that act only for users they authenticated themselves: the web edge
    /// (`service:web`). Such a principal may act for any user it names, and read the user
    /// event stream of any user, but is refused the operator's operations
    /// (`requirePrivileged`, `events.since`) and the full event stream: a stolen web key
    /// reaches users' data one user at a time, never the operator's controls.
    public static let edgeServices: Set<String> = ["web"]

    /// True for an edge service's principal (``edgeServices``).
    public var isEdge: Bool {
        if case .service(let name) = self { return Self.edgeServices.contains(name) }
        return false
    }

    public var description: String {
        switch self {
        case .user(let id): "user:\(id)"
        case .service(let name): "service:\(name)"
        case .admin: "admin"
        case .insecure: "insecure"
        }
    }
}
