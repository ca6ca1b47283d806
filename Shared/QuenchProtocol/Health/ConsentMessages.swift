public import Foundation

/// `consent.grant` and `consent.revoke`: one or more consent types at once.
public struct ConsentChangeRequest: Codable, Sendable, Equatable {
    /// Consent types (`steps`, `body-mass`, `distance`, `dietary-water`, `workouts`), 1 to 5.
    public var types: [String]
    /// `consent.revoke` only: also delete the stored samples of these types.
    public var deleteData: Bool?

    public init(types: [String], deleteData: Bool? = nil) {
        self.types = types
        self.deleteData = deleteData
    }
}

/// `consent.list`.
public struct ConsentListRequest: Codable, Sendable, Equatable {
    public init() {}
}

/// One consent type's state.
public struct ConsentState: Codable, Sendable, Equatable {
    public var type: String
    public var granted: Bool
    /// When it was last granted or revoked; absent if never.
    public var since: Date?

    public init(type: String, granted: Bool, since: Date?) {
        self.type = type
        self.granted = granted
        self.since = since
    }
}

/// Reply of the consent requests: every type, in the order of `ConsentType.allCases`.
public struct ConsentListReply: Codable, Sendable, Equatable {
    public var consents: [ConsentState]
    /// `consent.revoke` with `deleteData`: samples deleted, by consent type.
    public var deleted: [String: Int]?

    public init(consents: [ConsentState], deleted: [String: Int]? = nil) {
        self.consents = consents
        self.deleted = deleted
    }
}
