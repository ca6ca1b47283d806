/// `health.export`: everything stored about the user. Samples come in pages by anchor:
/// call again with `after: anchor` while `more` is true.
public struct HealthExportRequest: Codable, Sendable, Equatable {
    public var after: Int64?
    /// Samples per page, 1…5000 (default 5000).
    public var limit: Int?

    public init(after: Int64? = nil, limit: Int? = nil) {
        self.after = after
        self.limit = limit
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

    public init(consents: [ConsentState], stepsPriority: [String], imports: [ImportJob], samples: [SampleRecord], anchor: Int64, more: Bool) {
        self.consents = consents
        self.stepsPriority = stepsPriority
        self.imports = imports
        self.samples = samples
        self.anchor = anchor
        self.more = more
    }
}
