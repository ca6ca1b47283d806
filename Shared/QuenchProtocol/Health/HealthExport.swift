/// `health.export`: everything stored about the user. Samples come in pages by anchor:
/// call again with `after: anchor` while `more` is true. Import jobs come in pages of their
/// own (at most the service's `limits.page.items`, oldest first): the first page with the
/// first page of samples (no `after`, or `after` ≤ 0), the next ones when the request
/// carries `importsCursor` (the previous reply's `importsNextCursor`); other pages carry none.
public struct HealthExportRequest: Codable, Sendable, Equatable {
    public var after: Int64?
    /// Samples per page, 1…5000 (default 5000).
    public var limit: Int?
    /// `importsNextCursor` of the previous reply: the next page of import jobs.
    public var importsCursor: String?

    public init(after: Int64? = nil, limit: Int? = nil, importsCursor: String? = nil) {
        self.after = after
        self.limit = limit
        self.importsCursor = importsCursor
    }

    public static let maxLimit = 5000
}

public struct HealthExport: Codable, Sendable, Equatable {
    public var consents: [ConsentState]
    public var stepsPriority: [String]
    public var imports: [ImportJob]
    public var samples: [SampleRecord]
    public var anchor: Int64
    public var more: Bool
    /// Present when more import jobs follow: send it as `importsCursor`.
    public var importsNextCursor: String?
    /// The user's display units when they set them (`units.set`).
    public var units: UnitsReply?

    /// A page of import jobs stops before it passes about this many bytes (a job's file name,
    /// error and counters can reach about 200 KB), whatever `limits.page.items` allows.
    public static let maxImportBytes = 512 << 10

    public init(
        consents: [ConsentState], stepsPriority: [String], imports: [ImportJob], samples: [SampleRecord], anchor: Int64, more: Bool,
        importsNextCursor: String? = nil
    ) {
        self.consents = consents
        self.stepsPriority = stepsPriority
        self.imports = imports
        self.samples = samples
        self.anchor = anchor
        self.more = more
        self.importsNextCursor = importsNextCursor
    }
}
