/// Request type names served by health-ingest (docs/PROTOCOL.md, "health-ingest").
public enum HealthMessage {
    // MARK: Consents
    /// Command `ConsentChangeRequest` → `ConsentListReply`.
    public static let consentGrant = "consent.grant"
    /// Command `ConsentChangeRequest` (with `deleteData`) → `ConsentListReply`.
    public static let consentRevoke = "consent.revoke"
    /// Query `ConsentListRequest` → `ConsentListReply`.
    public static let consentList = "consent.list"

    // MARK: Samples
    /// Command `AddSamplesRequest` → `AddSamplesReply`: samples one at a time, all or nothing.
    public static let samplesAdd = "samples.add"
    /// Query `DailySamplesRequest` → `DailySamplesReply`.
    public static let samplesDaily = "samples.daily"
    /// Query `LatestSampleRequest` → `SampleRecord`.
    public static let samplesLatest = "samples.latest"
    /// Query `SampleChangesRequest` → `SampleChangesReply`: samples added after an anchor.
    public static let samplesChanges = "samples.changes"
    /// Command `AddWeightRequest` → `WeightReply`.
    public static let weightAdd = "weight.add"
    /// Query `LatestWeightRequest` → `WeightReply`.
    public static let weightLatest = "weight.latest"
    /// Command `StepsPriorityRequest` → `StepsPriorityReply`.
    public static let stepsPrioritySet = "steps.priority.set"
    /// Query `StepsPriorityGetRequest` → `StepsPriorityReply`.
    public static let stepsPriorityGet = "steps.priority.get"

    // MARK: Imports
    /// Command `ImportBeginRequest` → `ImportJob`.
    public static let importBegin = "import.begin"
    /// Command `ImportBatchRequest` → `ImportBatchReply`.
    public static let importBatch = "import.batch"
    /// Command `ImportFinishRequest` → `ImportJob`.
    public static let importFinish = "import.finish"
    /// Query `ImportStatusRequest` → `ImportStatusReply`.
    public static let importStatus = "import.status"
    /// Command `ImportUndoRequest` → `ImportJob`: removes what the job stored.
    public static let importUndo = "import.undo"

    // MARK: Settings
    /// Query `UnitsGetRequest` → `UnitsReply`: the user's display units.
    public static let unitsGet = "units.get"
    /// Command `UnitsSetRequest` → `UnitsReply`.
    public static let unitsSet = "units.set"

    // MARK: User data
    /// Query `HealthExportRequest` → `HealthExport` (samples paged by anchor).
    public static let export = "health.export"
    /// Command `UserDataRequest` → `EraseReply`.
    public static let erase = "health.erase"
}
