public import Foundation
import QuenchProtocol
public import QuenchRuntime

/// The health-ingest service's request handlers (one file per area: consents, samples,
/// queries, imports, user data).
public struct HealthHandlers: Sendable {
    let database: ServiceDatabase
    /// The most import jobs one page of `health.export` holds (`limits.page.items`).
    let pageItems: Int
    let now: @Sendable () -> Date

    public init(database: ServiceDatabase, pageItems: Int = 1000, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.pageItems = max(1, pageItems)
        self.now = now
    }

    public func register(in registry: inout HandlerRegistry) {
        registry.command(HealthMessage.consentGrant) { (request: ConsentChangeRequest, write) in try grant(request, write) }
        registry.command(HealthMessage.consentRevoke) { (request: ConsentChangeRequest, write) in try revoke(request, write) }
        registry.query(HealthMessage.consentList) { (_: ConsentListRequest, context) in try await consents(context) }

        registry.command(HealthMessage.samplesAdd) { (request: AddSamplesRequest, write) in try addSamples(request, write) }
        registry.command(HealthMessage.weightAdd) { (request: AddWeightRequest, write) in try addWeight(request, write) }
        registry.command(HealthMessage.stepsPrioritySet) { (request: StepsPriorityRequest, write) in try setPriority(request, write) }

        registry.query(HealthMessage.weightLatest) { (_: LatestWeightRequest, context) in try await latestWeight(context) }
        registry.query(HealthMessage.samplesLatest) { (request: LatestSampleRequest, context) in try await latest(request, context) }
        registry.query(HealthMessage.samplesDaily) { (request: DailySamplesRequest, context) in try await daily(request, context) }
        registry.query(HealthMessage.samplesChanges) { (request: SampleChangesRequest, context) in try await changes(request, context) }
        registry.query(HealthMessage.stepsPriorityGet) { (_: StepsPriorityGetRequest, context) in try await priority(context) }

        registry.command(HealthMessage.importBegin) { (request: ImportBeginRequest, write) in try beginImport(request, write) }
        registry.command(HealthMessage.importBatch) { (body: DecodedImportBatch, write) in try importBatch(body.request, write) }
        registry.command(HealthMessage.importFinish) { (request: ImportFinishRequest, write) in try finishImport(request, write) }
        registry.query(HealthMessage.importStatus) { (request: ImportStatusRequest, context) in try await importStatus(request, context) }
        registry.command(HealthMessage.importUndo) { (request: ImportUndoRequest, write) in try undoImport(request, write) }
        registry.query(HealthMessage.unitsGet) { (_: UnitsGetRequest, context) in try await units(context) }
        registry.command(HealthMessage.unitsSet) { (request: UnitsSetRequest, write) in try setUnits(request, write) }

        registry.query(HealthMessage.export) { (request: HealthExportRequest, context) in try await export(request, context) }
        registry.command(HealthMessage.erase) { (_: UserDataRequest, write) in try erase(write) }
    }
}
