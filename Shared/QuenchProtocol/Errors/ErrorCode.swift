/// The stable error codes of the Quench protocol. The raw value is what travels on
/// the wire; codes are never renamed or reused.
public enum ErrorCode: String, Codable, Sendable, CaseIterable {
    /// A field of the request breaks a rule; `field` names it.
    case invalidArgument = "invalid_argument"
    /// The thing named does not exist (for this user).
    case notFound = "not_found"
    /// It exists already (a name that must be unique).
    case alreadyExists = "already_exists"
    /// The request conflicts with the current state (e.g. an idempotency key reused
    /// for a different request).
    case conflict
    /// The system is not in a state where the request can run (e.g. no consent).
    case failedPrecondition = "failed_precondition"
    /// No valid credentials (CURVE handshake refused, unknown key).
    case unauthenticated
    /// Authenticated, but not allowed to touch this data.
    case permissionDenied = "permission_denied"
    /// The service (or one it needs) cannot be reached, is shutting down, or cannot
    /// store data right now; retry later.
    case unavailable
    /// The request did not finish within its deadline.
    case deadlineExceeded = "deadline_exceeded"
    /// A limit was hit: too many requests in flight, a batch too big.
    case resourceExhausted = "resource_exhausted"
    /// The frames or the MessagePack body could not be parsed.
    case malformed
    /// The message is larger than the service accepts.
    case tooLarge = "too_large"
    /// The `type` is not one this service serves.
    case unknownType = "unknown_type"
    /// The envelope's protocol version is not one this service reads.
    case unsupportedVersion = "unsupported_version"
    /// A bug or an unexpected failure inside the service; details are in its log.
    case `internal`
}
