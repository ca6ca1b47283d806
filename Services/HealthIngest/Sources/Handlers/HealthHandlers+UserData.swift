import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

extension HealthHandlers {
    /// Everything stored about the user; samples paged by anchor, import jobs by their own
    /// cursor (the first page of jobs with the first page of samples).
    func export(_ request: HealthExportRequest, _ context: RequestContext) async throws -> HealthExport {
        let user = try context.actingUser()
        let limit = request.limit ?? HealthExportRequest.maxLimit
        guard (1...HealthExportRequest.maxLimit).contains(limit) else {
            throw QuenchError.invalidArgument("limit", "must be 1 to \(HealthExportRequest.maxLimit), got \(limit)")
        }
        let jobsCursor = try request.importsCursor.map(ImportJobCursor.init(parsing:))
        let after = max(0, request.after ?? 0)
        let withJobs = jobsCursor != nil || after == 0
        return try await database.pool.read { db in
            let page = try SampleStore.changes(db, user: user, types: SampleType.allCases, after: after, limit: limit + 1)
            let samples = Array(page.prefix(limit))
            // One more than the page: whether another page of jobs follows.
            let fetched = withJobs ? try ImportJobStore.page(db, user: user, after: jobsCursor, limit: pageItems + 1) : []
            let jobs = ImportJobCursor.page(fetched, items: pageItems, bytes: HealthExport.maxImportBytes)
            let nextJobs = jobs.count < fetched.count ? jobs.last.map { ImportJobCursor(after: $0).text } : nil
            var export = HealthExport(
                consents: try ConsentStore.states(db, user: user),
                stepsPriority: try DayTotals.priority(db, user: user),
                imports: jobs,
                samples: samples, anchor: samples.last?.seq ?? after, more: page.count > limit, importsNextCursor: nextJobs)
            let units = try Self.storedUnits(db, user: user)
            export.units = units.stored ? units : nil
            return export
        }
    }

    /// Deletes everything of the user and emits `health.erased`.
    func erase(_ write: WriteContext) throws -> EraseReply {
        let user = try write.request.actingUser()
        let db = write.db
        let samples = try SampleStore.deleteAll(db, user: user)
        let consents = try ConsentStore.deleteAll(db, user: user)
        let jobs = try ImportJobStore.deleteAll(db, user: user)
        try DayTotals.deleteAll(db, user: user)
        try db.execute(cached: "DELETE FROM steps_priority WHERE user = ?", arguments: [user])
        try db.execute(cached: "DELETE FROM user_units WHERE user = ?", arguments: [user])
        try write.forgetTraces(of: user)
        try write.emit(.healthErased, user: user, UserErasedBody(user: user))
        return EraseReply(service: ServiceName.healthIngest, deleted: ["samples": samples, "consents": consents, "imports": jobs])
    }
}
