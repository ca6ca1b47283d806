public import Foundation

/// Where the catalog came from and how its last fetch went: goals keeps it with the catalog
/// (`challenges.replace`, `challenges.checked`), so the validators sent with the next fetch
/// (`If-None-Match`, `If-Modified-Since`) always describe the catalog goals holds.
public struct ChallengeSyncState: Codable, Sendable, Equatable {
    /// The feed's URL (http or https).
    public var url: String
    /// The `ETag` of the response the catalog came from, as the server sent it.
    public var etag: String?
    /// Its `Last-Modified`, as the server sent it (an HTTP date).
    public var lastModified: String?
    /// When the catalog was last replaced from the feed.
    public var fetchedAt: Date
    /// When the feed was last asked (a 200, a 304 or a failure).
    public var checkedAt: Date
    /// How the last ask went: `replaced`, `not_modified` or `failed`.
    public var outcome: String
    /// What failed (`failed`), else nil: in English, as the client sent it.
    public var detail: String?
    /// Items of the last fetched feed that were left out (bad or duplicate).
    public var skipped: Int
    /// What failed as a code with its values (`failed`, from clients that send one), for a
    /// client to say it in its user's language; nil on rows kept before it existed.
    public var reason: ChallengeSyncReason?

    public init(
        url: String, etag: String?, lastModified: String?, fetchedAt: Date, checkedAt: Date, outcome: String, detail: String?,
        skipped: Int, reason: ChallengeSyncReason? = nil
    ) {
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.checkedAt = checkedAt
        self.outcome = outcome
        self.detail = detail
        self.skipped = skipped
        self.reason = reason
    }

    /// The values of `outcome`.
    public enum Outcome {
        public static let replaced = "replaced"
        public static let notModified = "not_modified"
        public static let failed = "failed"
    }
}

/// `challenges.replace`: the whole catalog from a feed, in one transaction: the items are
/// upserted by id, the catalog's challenges that are not among them are retired, and the
/// feed's validators are kept. Every item must pass the catalog rules (the client has left
/// out the bad ones of the feed and counts them in `skipped`). Privileged.
public struct ReplaceChallengesRequest: Codable, Sendable, Equatable {
    public var items: [Challenge]
    /// The feed's URL.
    public var url: String
    public var etag: String?
    public var lastModified: String?
    /// Items of the feed the client left out.
    public var skipped: Int?

    public init(items: [Challenge], url: String, etag: String?, lastModified: String?, skipped: Int?) {
        self.items = items
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.skipped = skipped
    }

    /// The longest URL, ETag or Last-Modified kept.
    public static let maxURLLength = 2048
    public static let maxValidatorLength = 256
}

public struct ReplaceChallengesReply: Codable, Sendable, Equatable {
    public var received: Int
    public var created: Int
    public var updated: Int
    public var unchanged: Int
    /// Challenges of the catalog the feed no longer has (retired from `effectiveDay`).
    public var retired: Int
    /// The first day (in the request's `tz`) the changes apply to: days before keep the
    /// rewards they were earned with.
    public var effectiveDay: LocalDay
    public var source: ChallengeSyncState

    public init(
        received: Int, created: Int, updated: Int, unchanged: Int, retired: Int, effectiveDay: LocalDay, source: ChallengeSyncState
    ) {
        self.received = received
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
        self.retired = retired
        self.effectiveDay = effectiveDay
        self.source = source
    }
}

/// `challenges.checked`: a fetch that did not replace the catalog (the feed answered 304,
/// or could not be fetched or read): notes when and how, keeping the catalog. Privileged.
public struct ChallengesCheckedRequest: Codable, Sendable, Equatable {
    public var url: String
    /// `not_modified` or `failed`.
    public var outcome: String
    /// What failed, in English, at most 500 characters kept.
    public var detail: String?
    /// What failed as a code with its values (the same failure as `detail`).
    public var reason: ChallengeSyncReason?

    public init(url: String, outcome: String, detail: String?, reason: ChallengeSyncReason? = nil) {
        self.url = url
        self.outcome = outcome
        self.detail = detail
        self.reason = reason
    }

    public static let maxDetailLength = 500
}

/// Why a fetch of the challenges feed failed, as a stable `code` (`feed.not_json`,
/// `feed.server_failed`) and its values as text (`status`, `reason`): kept by goals beside the
/// English `detail` so that each reader is told in their own language (docs/PROTOCOL.md §7,
/// ChallengeSource). The same shape idea as ``ErrorRule``; optional on the wire.
public struct ChallengeSyncReason: Codable, Sendable, Equatable {
    public var code: String
    public var values: [String: String]

    public init(_ code: String, _ values: [String: String] = [:]) {
        self.code = code
        self.values = values
    }

    /// The longest code, the most values and the longest key kept (a value: `maxDetailLength`).
    public static let maxCodeLength = 64
    public static let maxValues = 16
    public static let maxKeyLength = 64
}

/// `challenges.checked`'s reply: the sync state after the check (nil when the catalog has
/// never been fetched from a feed: a failure is then only reported, not kept).
public struct ChallengesCheckedReply: Codable, Sendable, Equatable {
    public var source: ChallengeSyncState?

    public init(source: ChallengeSyncState?) {
        self.source = source
    }
}

/// Body of `challenge.retired`: a challenge left the catalog (a feed no longer has it).
/// Days before `effectiveDay` keep what they earned with it.
public struct ChallengeRetiredBody: Codable, Sendable, Equatable {
    public var id: String
    public var effectiveDay: LocalDay

    public init(id: String, effectiveDay: LocalDay) {
        self.id = id
        self.effectiveDay = effectiveDay
    }
}
