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
        registry.command(.consentGrant) { (request: ConsentChangeRequest, write) in try grant(request, write) }
        registry.command(.consentRevoke) { (request: ConsentChangeRequest, write) in try revoke(request, write) }
        registry.query(.consentList) { (_: ConsentListRequest, context) in try await consents(context) }

        registry.command(.samplesAdd) { (request: AddSamplesRequest, write) in try addSamples(request, write) }
        registry.command(.weightAdd) { (request: AddWeightRequest, write) in try addWeight(request, write) }
        registry.command(.stepsPrioritySet) { (request: StepsPriorityRequest, write) in try setPriority(request, write) }

        registry.query(.weightLatest) { (_: LatestWeightRequest, context) in try await latestWeight(context) }
        registry.query(.samplesLatest) { (request: LatestSampleRequest, context) in try await latest(request, context) }
        registry.query(.samplesDaily) { (request: DailySamplesRequest, context) in try await daily(request, context) }
        registry.query(.samplesChanges) { (request: SampleChangesRequest, context) in try await changes(request, context) }
        registry.query(.stepsPriorityGet) { (_: StepsPriorityGetRequest, context) in try await priority(context) }

        registry.command(.importBegin) { (request: ImportBeginRequest, write) in try beginImport(request, write) }
        registry.command(.importBatch, decodedAs: DecodedImportBatch.self) { request, write in try importBatch(request, write) }
        registry.command(.importKnownDays) { (request: ImportKnownDaysRequest, write) in try knownDays(request, write) }
        registry.command(.importFinish) { (request: ImportFinishRequest, write) in try finishImport(request, write) }
        registry.query(.importStatus) { (request: ImportStatusRequest, context) in try await importStatus(request, context) }
        registry.command(.importUndo) { (request: ImportUndoRequest, write) in try undoImport(request, write) }
        registry.query(.unitsGet) { (_: UnitsGetRequest, context) in try await units(context) }
        registry.command(.unitsSet) { (request: UnitsSetRequest, write) in try setUnits(request, write) }

        registry.query(.healthExport) { (request: HealthExportRequest, context) in try await export(request, context) }
        registry.command(.healthErase) { (_: UserDataRequest, write) in try erase(write) }
    }
}
