/// `import.known-days`: which of these days the user's stored strength sets match exactly, so
/// a workout import sends only the others. A re-import of the same log sends no set at all.
///
/// For each day the client gives how many sets its file has on it and their digest: the
/// wrapping 64-bit sum of their identities (``SampleIdentity/strength(day:exercise:sets:reps:weight:unit:occurrence:)``,
/// the `sampleId`s health-ingest would give them). A day is known when the user's stored
/// strength sets of that day are as many and sum to the same digest: every set of the day is
/// stored, and sending them would make only duplicates. The job counts a known day's sets as
/// duplicates. A day not known (new, partly new, holding other sets too, or digested
/// differently) is sent as usual, and its sets are matched one by one.
public struct ImportKnownDaysRequest: Codable, Sendable, Equatable {
    /// A running job (`import.begin`).
    public var jobId: String
    /// At most ``maxDays``, each day once.
    public var days: [ImportDayDigest]

    public init(jobId: String, days: [ImportDayDigest]) {
        self.jobId = jobId
        self.days = days
    }

    public static let maxDays = 2000
}

/// One day of a workout log: its sets and their digest.
public struct ImportDayDigest: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`, the sets' `day`.
    public var day: String
    /// The file's sets on that day, 1 to 100,000.
    public var sets: Int
    /// The wrapping sum of the sets' identities, as a signed 64-bit integer.
    public var digest: Int64

    public init(day: String, sets: Int, digest: Int64) {
        self.day = day
        self.sets = sets
        self.digest = digest
    }

    public static let maxSets = 100_000
}

/// The days of the request that are stored whole, and their sets (counted as the job's duplicates).
public struct ImportKnownDaysReply: Codable, Sendable, Equatable {
    /// In the request's order.
    public var known: [String]
    public var duplicates: Int

    public init(known: [String], duplicates: Int) {
        self.known = known
        self.duplicates = duplicates
    }
}
