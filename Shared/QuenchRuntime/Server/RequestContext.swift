public import Foundation
public import Logging
public import QuenchProtocol

/// What a handler knows about the request besides its body.
public struct RequestContext: Sendable {
    public let requestID: String
    public let type: String
    /// The user named in the envelope (authorisation checks it against `principal`).
    public let envelopeUser: String?
    public let principal: Principal
    /// The caller is a person (`user:<id>`): replies withhold what counts every user's
    /// requests or events (a publisher's `seq`, request counters).
    public var isUserPrincipal: Bool {
        if case .user = principal { return true }
        return false
    }
    /// The caller's time zone (envelope `tz`, checked by the zone rule), UTC when absent.
    public let zone: ZoneID
    /// The zone's `TimeZone`.
    public var timeZone: TimeZone { zone.timeZone }
    /// The envelope's `tz` exactly as sent (`UTC` when absent): what services store, since
    /// `timeZone.identifier` may spell it otherwise (Foundation calls `UTC` `GMT`).
    public var timeZoneName: String { zone.identifier }
    public let sentAt: Date
    public let idempotencyKey: String?
    private let baseLogger: Logger

    /// The service's logger with the request's id, type and user as metadata (built when
    /// asked for: most requests never log).
    public var logger: Logger {
        var logger = baseLogger
        logger[metadataKey: "request"] = .string(requestID)
        logger[metadataKey: "type"] = .string(type)
        if let user = envelopeUser { logger[metadataKey: "user"] = .string(user) }
        return logger
    }

    public init(
        requestID: String, type: String, envelopeUser: String?, principal: Principal,
        zone: ZoneID, sentAt: Date, idempotencyKey: String?, logger: Logger
    ) {
        self.requestID = requestID
        self.type = type
        self.envelopeUser = envelopeUser
        self.principal = principal
        self.zone = zone
        self.sentAt = sentAt
        self.idempotencyKey = idempotencyKey
        self.baseLogger = logger
    }

    /// A context in `timeZone`, named `timeZoneName` (else UTC's `UTC`, else its identifier):
    /// for callers that hold a `TimeZone` rather than a checked name.
    public init(
        requestID: String, type: String, envelopeUser: String?, principal: Principal,
        timeZone: TimeZone, timeZoneName: String? = nil, sentAt: Date, idempotencyKey: String?, logger: Logger
    ) {
        let name = timeZoneName ?? (timeZone == TimeZoneCache.utc ? "UTC" : timeZone.identifier)
        self.init(
            requestID: requestID, type: type, envelopeUser: envelopeUser, principal: principal,
            zone: ZoneID(checked: name, timeZone: timeZone), sentAt: sentAt, idempotencyKey: idempotencyKey, logger: logger)
    }

    /// The caller's local day at `instant` in its `tz`: its "today" when `instant` is the
    /// service's now.
    public func today(at instant: Date) -> LocalDay {
        LocalDay(instant: instant, timeZone: timeZone)
    }

    /// The user the request acts for: the envelope's `user`, which a user principal may
    /// only set to itself; a user principal that names nobody acts for itself.
    public func actingUser() throws -> String {
        switch principal {
        case .user(let id):
            if let named = envelopeUser, named != id {
                throw QuenchError.permissionDenied("user '\(id)' may not act for user '\(named)'")
            }
            return id
        case .service, .admin, .insecure:
            guard let user = envelopeUser, !user.isEmpty else {
                throw QuenchError.invalidArgument("user", "is required: name the user the request is for")
            }
            return user
        }
    }

    /// Throws unless the principal is a service, an operator or an insecure deployment; an
    /// edge service (`service:web`, ``Principal/isEdge``) acts for users only and is refused.
    public func requirePrivileged() throws {
        if case .user(let id) = principal {
            throw QuenchError.permissionDenied("user '\(id)' may not call \(type)")
        }
        if principal.isEdge {
            throw QuenchError.permissionDenied("\(principal) acts for the users it signed in, never as the operator; it may not call \(type)")
        }
    }
}
