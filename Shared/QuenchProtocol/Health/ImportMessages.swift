public import Foundation

/// `import.begin`: opens an import job. The client parses the file and streams its samples
/// with `import.batch`, then closes the job with `import.finish`.
public struct ImportBeginRequest: Codable, Sendable, Equatable {
    /// `apple-health`, `workouts` (which needs the `workouts` consent) or `health-auto-export`
    /// (a Health Auto Export payload: a re-sent point with a new value replaces the earlier
    /// one, docs/PROTOCOL.md §8).
    public var kind: String
    /// The file's name, for people (≤ 500 characters).
    public var fileName: String?
    public var totalBytes: Int64?

    public init(kind: String, fileName: String? = nil, totalBytes: Int64? = nil) {
        self.kind = kind
        self.fileName = fileName
        self.totalBytes = totalBytes
    }

    public static let kinds = ["apple-health", "workouts", "health-auto-export"]
}

/// `import.batch`: up to 2000 samples of a running job, stored in one transaction.
public struct ImportBatchRequest: Codable, Sendable, Equatable {
    public var jobId: String
    /// Sources the samples refer to by `sourceIndex` (≤ 2000).
    public var sources: [SampleSource]?
    public var samples: [SampleInput]

    public init(jobId: String, sources: [SampleSource]? = nil, samples: [SampleInput]) {
        self.jobId = jobId
        self.sources = sources
        self.samples = samples
    }

    public static let maxSamples = 2000
}

/// Imported and duplicate counts of one sample type.
public struct TypeCounts: Codable, Sendable, Equatable {
    public var imported: Int
    public var duplicates: Int
    /// `health-auto-export` jobs: stored samples of earlier jobs that imported points replaced
    /// (a re-sent point with a new value); absent when none.
    public var replaced: Int?

    public init(imported: Int = 0, duplicates: Int = 0, replaced: Int? = nil) {
        self.imported = imported
        self.duplicates = duplicates
        self.replaced = replaced
    }

    /// Both counts added up.
    public func adding(_ other: TypeCounts) -> TypeCounts {
        let replaced = (self.replaced ?? 0) + (other.replaced ?? 0)
        return TypeCounts(imported: imported + other.imported, duplicates: duplicates + other.duplicates, replaced: replaced > 0 ? replaced : nil)
    }
}

public struct ImportBatchReply: Codable, Sendable, Equatable {
    public var imported: Int
    public var duplicates: Int
    /// Samples refused by a rule, by reason (`value-out-of-range`, `ends-before-start`,
    /// `before-2000`, `in-future`, `unknown-unit`, `invalid`).
    public var skipped: [String: Int]
    /// Samples of a type without consent, by consent type.
    public var skippedForConsent: [String: Int]
    /// By sample type.
    public var byType: [String: TypeCounts]
    /// `health-auto-export` jobs: stored samples this batch's points replaced (counted in
    /// `imported` as the new points); absent when none.
    public var replaced: Int?

    public init(
        imported: Int, duplicates: Int, skipped: [String: Int], skippedForConsent: [String: Int], byType: [String: TypeCounts],
        replaced: Int? = nil
    ) {
        self.replaced = replaced
        self.imported = imported
        self.duplicates = duplicates
        self.skipped = skipped
        self.skippedForConsent = skippedForConsent
        self.byType = byType
    }
}

/// `import.finish`: what the client's parser saw, and whether it reached the end.
public struct ImportFinishRequest: Codable, Sendable, Equatable {
    public var jobId: String
    /// Records (or lines) in the file, whatever their type or validity.
    public var recordsSeen: Int?
    /// Records the parser skipped, by reason (`other-type`, `malformed: …`, `bad-line`, …).
    public var skipped: [String: Int]?
    /// Records of types Quench does not import, by HealthKit type (≤ 500 entries).
    public var otherTypes: [String: Int]?
    /// `Record` elements inside `Correlation` elements (not imported, not in `recordsSeen`).
    public var correlationChildrenIgnored: Int?
    /// Bytes of the file read.
    public var bytesRead: Int64?
    /// Set when the file could not be read to its end: the job ends `failed`; what was
    /// imported stays, and a re-run completes it without duplicates.
    public var error: String?
    /// Elements of the export other than records, by element name (`Workout`,
    /// `ActivitySummary`, `Correlation`, `ExportDate`, `Me`, …; ≤ 500 entries): with
    /// `recordsSeen`, every element of the export's top level is accounted for.
    public var otherElements: [String: Int]?

    public init(
        jobId: String, recordsSeen: Int? = nil, skipped: [String: Int]? = nil, otherTypes: [String: Int]? = nil,
        correlationChildrenIgnored: Int? = nil, bytesRead: Int64? = nil, error: String? = nil,
        otherElements: [String: Int]? = nil
    ) {
        self.otherElements = otherElements
        self.jobId = jobId
        self.recordsSeen = recordsSeen
        self.skipped = skipped
        self.otherTypes = otherTypes
        self.correlationChildrenIgnored = correlationChildrenIgnored
        self.bytesRead = bytesRead
        self.error = error
    }
}

/// An import job: its state and counts so far.
public struct ImportJob: Codable, Sendable, Equatable {
    public var jobId: String
    public var kind: String
    public var fileName: String?
    /// `running`, `completed` or `failed`.
    public var status: String
    public var startedAt: Date
    public var finishedAt: Date?
    public var recordsSeen: Int
    public var imported: Int
    public var duplicates: Int
    /// Everything not stored, by reason: the service's rules, the parser's, and
    /// `no-consent` (the detail is in `skippedForConsent`).
    public var skipped: [String: Int]
    public var skippedForConsent: [String: Int]
    /// Records of types not imported, by HealthKit type.
    public var otherTypes: [String: Int]
    public var byType: [String: TypeCounts]
    public var correlationChildrenIgnored: Int?
    public var batches: Int
    public var bytesRead: Int64?
    public var totalBytes: Int64?
    public var error: String?
    /// Elements of the export other than records, by element name (absent before the client said).
    public var otherElements: [String: Int]?
    /// When `import.undo` took the job back (its status is then `undone`).
    public var undoneAt: Date?
    /// The samples `import.undo` removed.
    public var removed: Int?

    public init(
        jobId: String, kind: String, fileName: String?, status: String, startedAt: Date, finishedAt: Date?,
        recordsSeen: Int, imported: Int, duplicates: Int, skipped: [String: Int], skippedForConsent: [String: Int],
        otherTypes: [String: Int], byType: [String: TypeCounts], correlationChildrenIgnored: Int? = nil, batches: Int,
        bytesRead: Int64?, totalBytes: Int64?, error: String?, otherElements: [String: Int]? = nil
    ) {
        self.otherElements = otherElements
        self.jobId = jobId
        self.kind = kind
        self.fileName = fileName
        self.status = status
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.recordsSeen = recordsSeen
        self.imported = imported
        self.duplicates = duplicates
        self.skipped = skipped
        self.skippedForConsent = skippedForConsent
        self.otherTypes = otherTypes
        self.byType = byType
        self.correlationChildrenIgnored = correlationChildrenIgnored
        self.batches = batches
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.error = error
    }
}

/// `import.status`: one job, or the user's most recent (20 unless `limit`, at most 500), newest first.
public struct ImportStatusRequest: Codable, Sendable, Equatable {
    public var jobId: String?
    /// How many recent jobs (1…500; default 20).
    public var limit: Int?

    public init(jobId: String? = nil, limit: Int? = nil) {
        self.jobId = jobId
        self.limit = limit
    }

    public static let maxLimit = 500
}

/// `import.undo`: removes every sample the job stored (not the duplicates it only matched),
/// and says so downstream with `health.samples.removed` events and the day totals it changes.
/// The job stays listed with status `undone`; undoing it again changes nothing. A running job
/// cannot be undone.
public struct ImportUndoRequest: Codable, Sendable, Equatable {
    public var jobId: String

    public init(jobId: String) {
        self.jobId = jobId
    }
}

public struct ImportStatusReply: Codable, Sendable, Equatable {
    public var jobs: [ImportJob]

    public init(jobs: [ImportJob]) {
        self.jobs = jobs
    }
}
