// health-ingest's messages (docs/PROTOCOL.md §7, "health-ingest").

// MARK: Consents

extension MessageDescriptor where Kind == CommandKind, Request == ConsentChangeRequest, Reply == ConsentListReply {
    public static var consentGrant: Self { .init(name: "consent.grant", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == CommandKind, Request == ConsentChangeRequest, Reply == ConsentListReply {
    /// With `deleteData`, the type's samples go too.
    public static var consentRevoke: Self { .init(name: "consent.revoke", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == QueryKind, Request == ConsentListRequest, Reply == ConsentListReply {
    public static var consentList: Self { .init(name: "consent.list", service: ServiceName.healthIngest) }
}

// MARK: Samples

extension MessageDescriptor where Kind == CommandKind, Request == AddSamplesRequest, Reply == AddSamplesReply {
    /// Samples one at a time, all or nothing.
    public static var samplesAdd: Self { .init(name: "samples.add", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == QueryKind, Request == DailySamplesRequest, Reply == DailySamplesReply {
    public static var samplesDaily: Self { .init(name: "samples.daily", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == QueryKind, Request == LatestSampleRequest, Reply == SampleRecord {
    public static var samplesLatest: Self { .init(name: "samples.latest", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == QueryKind, Request == SampleChangesRequest, Reply == SampleChangesReply {
    /// Samples added after an anchor.
    public static var samplesChanges: Self { .init(name: "samples.changes", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == CommandKind, Request == AddWeightRequest, Reply == WeightReply {
    public static var weightAdd: Self { .init(name: "weight.add", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == QueryKind, Request == LatestWeightRequest, Reply == WeightReply {
    public static var weightLatest: Self { .init(name: "weight.latest", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == CommandKind, Request == StepsPriorityRequest, Reply == StepsPriorityReply {
    public static var stepsPrioritySet: Self { .init(name: "steps.priority.set", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == QueryKind, Request == StepsPriorityGetRequest, Reply == StepsPriorityReply {
    public static var stepsPriorityGet: Self { .init(name: "steps.priority.get", service: ServiceName.healthIngest) }
}

// MARK: Imports

extension MessageDescriptor where Kind == CommandKind, Request == ImportBeginRequest, Reply == ImportJob {
    public static var importBegin: Self { .init(name: "import.begin", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == CommandKind, Request == ImportBatchRequest, Reply == ImportBatchReply {
    public static var importBatch: Self { .init(name: "import.batch", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == CommandKind, Request == ImportKnownDaysRequest, Reply == ImportKnownDaysReply {
    /// The days of a workout import whose strength sets are all stored already.
    public static var importKnownDays: Self { .init(name: "import.known-days", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == CommandKind, Request == ImportFinishRequest, Reply == ImportJob {
    public static var importFinish: Self { .init(name: "import.finish", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == QueryKind, Request == ImportStatusRequest, Reply == ImportStatusReply {
    public static var importStatus: Self { .init(name: "import.status", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == CommandKind, Request == ImportUndoRequest, Reply == ImportJob {
    /// Removes what the job stored.
    public static var importUndo: Self { .init(name: "import.undo", service: ServiceName.healthIngest) }
}

// MARK: Settings

extension MessageDescriptor where Kind == QueryKind, Request == UnitsGetRequest, Reply == UnitsReply {
    /// The user's display units.
    public static var unitsGet: Self { .init(name: "units.get", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == CommandKind, Request == UnitsSetRequest, Reply == UnitsReply {
    public static var unitsSet: Self { .init(name: "units.set", service: ServiceName.healthIngest) }
}

// MARK: User data

extension MessageDescriptor where Kind == QueryKind, Request == HealthExportRequest, Reply == HealthExport {
    /// Samples paged by anchor, import jobs by cursor.
    public static var healthExport: Self { .init(name: "health.export", service: ServiceName.healthIngest) }
}

extension MessageDescriptor where Kind == CommandKind, Request == UserDataRequest, Reply == EraseReply {
    public static var healthErase: Self { .init(name: "health.erase", service: ServiceName.healthIngest) }
}

// Events published by health-ingest that other services consume. Bodies are part of the
// protocol (docs/PROTOCOL.md): fields are only ever added, as optionals.
extension EventDescriptor where Body == WeightRecordedBody {
    /// A body-mass sample was stored.
    public static var healthWeightRecorded: Self { .init(name: "health.weight.recorded", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == StepsDayChangedBody {
    /// A day's step total changed (import, new sample, source priority change, revoke).
    public static var healthStepsDayChanged: Self { .init(name: "health.steps.day-changed", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == DistanceDayChangedBody {
    /// A day's walking+running distance total changed.
    public static var healthDistanceDayChanged: Self { .init(name: "health.distance.day-changed", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == StrengthSetRecordedBody {
    /// A strength set was stored by `samples.add`.
    public static var healthStrengthRecorded: Self { .init(name: "health.strength.recorded", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == StrengthBatchRecordedBody {
    /// The strength sets one `import.batch` stored, together (at most
    /// ``HealthEvent/maxBatchSamples`` per event). An import announces its sets only this way.
    public static var healthStrengthBatchRecorded: Self { .init(name: "health.strength.batch-recorded", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == SamplesRemovedBody {
    /// `import.undo` took back what an import job stored: the samples of one type it removed
    /// (at most ``HealthEvent/maxBatchSamples`` ids per event).
    public static var healthSamplesRemoved: Self { .init(name: "health.samples.removed", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == WaterRecordedBody {
    /// A dietary-water sample was stored (intake turns it into an intake, once).
    public static var healthWaterRecorded: Self { .init(name: "health.water.recorded", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == WaterBatchRecordedBody {
    /// The dietary-water samples one `import.batch` stored, together (at most
    /// ``HealthEvent/maxBatchSamples`` per event). An import announces its water only this
    /// way; `samples.add` announces each sample with `health.water.recorded`.
    public static var healthWaterBatchRecorded: Self { .init(name: "health.water.batch-recorded", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == WeightBatchRecordedBody {
    /// The body-mass samples one `import.batch` stored, together.
    public static var healthWeightBatchRecorded: Self { .init(name: "health.weight.batch-recorded", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == WorkoutRecordedBody {
    /// A workout was stored by `samples.add`.
    public static var healthWorkoutRecorded: Self { .init(name: "health.workout.recorded", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == WorkoutBatchRecordedBody {
    /// The workouts one `import.batch` stored, together.
    public static var healthWorkoutBatchRecorded: Self { .init(name: "health.workout.batch-recorded", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == ConsentChangedBody {
    /// A consent was granted or revoked.
    public static var healthConsentChanged: Self { .init(name: "health.consent.changed", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == SamplesDeletedBody {
    /// Samples of a type were deleted (on revoke with delete, or erase).
    public static var healthSamplesDeleted: Self { .init(name: "health.samples.deleted", service: ServiceName.healthIngest) }
}

extension EventDescriptor where Body == UserErasedBody {
    /// Everything of one user was erased.
    public static var healthErased: Self { .init(name: "health.erased", service: ServiceName.healthIngest) }
}

/// Limits of health-ingest's events.
public enum HealthEvent {
    /// The most samples one batch event carries; a request that stores more emits several.
    public static let maxBatchSamples = 500
}
