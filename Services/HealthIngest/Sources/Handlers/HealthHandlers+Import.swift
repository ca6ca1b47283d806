import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

extension HealthHandlers {
    /// SQLite page cache of the writer during imports (the default is 2 MiB). An import in
    /// time order writes at the right edge of each index, so a small cache holds its working
    /// set; 64 MiB here made the service's resident memory grow by as much on a large import,
    /// and 8 MiB instead of 16 kept a 1,000,000-record import as fast (three alternating
    /// pairs, docs/BENCHMARKS.md) with health-ingest's peak RSS 62 → 52 MB.
    static let writerCacheKiB = 8_192

    /// Gives the writer connection its import page cache, once, when the service opens its
    /// file (an import batch touches the right edge of both of the sample's B-trees and a few
    /// days of its key: those pages stay cached from one batch to the next). The readers keep
    /// SQLite's default.
    static func prepareWriter(_ database: ServiceDatabase) throws {
        try database.pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = -\(writerCacheKiB)")
        }
    }

    func beginImport(_ request: ImportBeginRequest, _ write: WriteContext) throws -> ImportJob {
        let user = try write.request.actingUser()
        guard ImportBeginRequest.kinds.contains(request.kind) else {
            throw QuenchError.invalidArgument("kind", "must be one of \(ImportBeginRequest.kinds.joined(separator: ", ")), got '\(request.kind.prefix(40))'")
        }
        if let name = request.fileName, name.unicodeScalars.count > 500 {
            throw QuenchError.invalidArgument("fileName", "must be at most 500 characters")
        }
        if let total = request.totalBytes, total < 0 {
            throw QuenchError.invalidArgument("totalBytes", "must not be negative, got \(total)")
        }
        if request.kind == "workouts", try !ConsentStore.granted(write.db, user: user).contains(.workouts) {
            throw ConsentStore.missing(.workouts, field: "kind")
        }
        let job = ImportJob(
            jobId: ImportJobStore.newID(), kind: request.kind, fileName: request.fileName, status: "running", startedAt: now(),
            finishedAt: nil, recordsSeen: 0, imported: 0, duplicates: 0, skipped: [:], skippedForConsent: [:], otherTypes: [:],
            byType: [:], batches: 0, bytesRead: nil, totalBytes: request.totalBytes, error: nil)
        try ImportJobStore.insert(write.db, user: user, job: job)
        return job
    }

    /// Stores up to 2000 samples in this one transaction. Samples of a type without consent
    /// and samples breaking a rule are counted, not stored; duplicates are counted.
    func importBatch(_ request: ImportBatchRequest, _ write: WriteContext) throws -> ImportBatchReply {
        let user = try write.request.actingUser()
        guard request.samples.count <= ImportBatchRequest.maxSamples else {
            throw QuenchError.invalidArgument(
                "samples", "a batch may hold at most \(ImportBatchRequest.maxSamples) samples, got \(request.samples.count); split it")
        }
        let sources = request.sources ?? []
        guard sources.count <= ImportBatchRequest.maxSamples else {
            throw QuenchError.invalidArgument("sources", "a batch may list at most \(ImportBatchRequest.maxSamples) sources, got \(sources.count)")
        }
        var job = try runningJob(write.db, user: user, id: request.jobId)
        let replaced = try job.kind == AutoExportSupersede.kind
            ? AutoExportSupersede.begin(request, write: write, user: user, jobId: job.jobId, now: now()) : SampleRemoval.Removed()
        var ingest = try SampleIngest(write: write, user: user, jobId: job.jobId, now: now())
        ingest.useSources(sources)
        var reply = ImportBatchReply(imported: 0, duplicates: 0, skipped: [:], skippedForConsent: [:], byType: [:])
        var byType: [SampleType: TypeCounts] = [:]
        for input in request.samples {
            if let index = input.sourceIndex, !sources.indices.contains(index) {
                reply.skipped[SampleRejection.invalid, default: 0] += 1
                continue
            }
            let outcome: SampleIngest.Outcome
            if let index = input.sourceIndex {
                outcome = try ingest.ingest(input, sourceIndex: index)
            } else {
                outcome = try ingest.ingest(input)
            }
            switch outcome {
            case .stored(let sample, _):
                reply.imported += 1
                byType[sample.type, default: TypeCounts()].imported += 1
            case .duplicate(let sample):
                reply.duplicates += 1
                byType[sample.type, default: TypeCounts()].duplicates += 1
            case .rejected(let rejection):
                reply.skipped[rejection.reason, default: 0] += 1
            case .noConsent(let consent):
                reply.skippedForConsent[consent.rawValue, default: 0] += 1
            }
        }
        try ingest.finish()
        for (type, counts) in byType {
            reply.byType[type.rawValue] = counts
        }
        try AutoExportSupersede.finish(replaced, &reply, write: write, user: user)
        job.batches += 1
        job.imported += reply.imported
        job.duplicates += reply.duplicates
        job.skipped.merge(reply.skipped, uniquingKeysWith: +)
        job.skippedForConsent.merge(reply.skippedForConsent, uniquingKeysWith: +)
        let consentSkips = reply.skippedForConsent.values.reduce(0, +)
        if consentSkips > 0 {
            job.skipped["no-consent", default: 0] += consentSkips
        }
        job.byType.merge(reply.byType) { $0.adding($1) }
        try ImportJobStore.save(write.db, user: user, job)
        return reply
    }

    /// Closes a job with what the client's parser saw. An `error` (the file could not be read
    /// to its end) ends it `failed`; the samples stored before the fault stay.
    func finishImport(_ request: ImportFinishRequest, _ write: WriteContext) throws -> ImportJob {
        let user = try write.request.actingUser()
        guard var job = try ImportJobStore.find(write.db, user: user, id: request.jobId) else {
            throw QuenchError.notFound("jobId", "no import job '\(request.jobId.prefix(40))'")
        }
        guard job.status == "running" else { return job }
        let skipped = try boundedCounts(request.skipped, field: "skipped")
        let other = try boundedCounts(request.otherTypes, field: "otherTypes")
        if request.otherElements != nil {
            job.otherElements = try boundedCounts(request.otherElements, field: "otherElements")
        }
        if let seen = request.recordsSeen, seen < 0 {
            throw QuenchError.invalidArgument("recordsSeen", "must not be negative, got \(seen)")
        }
        if let error = request.error, error.unicodeScalars.count > 2000 {
            throw QuenchError.invalidArgument("error", "must be at most 2000 characters")
        }
        job.recordsSeen = request.recordsSeen ?? job.recordsSeen
        job.skipped.merge(skipped, uniquingKeysWith: +)
        job.otherTypes.merge(other, uniquingKeysWith: +)
        let otherCount = other.values.reduce(0, +)
        if otherCount > 0 {
            job.skipped["other-type", default: 0] += otherCount
        }
        if let ignored = request.correlationChildrenIgnored, ignored < 0 {
            throw QuenchError.invalidArgument("correlationChildrenIgnored", "must not be negative, got \(ignored)")
        }
        job.correlationChildrenIgnored = request.correlationChildrenIgnored ?? job.correlationChildrenIgnored
        job.bytesRead = request.bytesRead ?? job.bytesRead
        job.error = request.error
        job.status = request.error == nil ? "completed" : "failed"
        job.finishedAt = now()
        try ImportJobStore.save(write.db, user: user, job)
        return job
    }

    func importStatus(_ request: ImportStatusRequest, _ context: RequestContext) async throws -> ImportStatusReply {
        let user = try context.actingUser()
        return try await database.pool.read { db in
            if let id = request.jobId {
                guard let job = try ImportJobStore.find(db, user: user, id: id) else {
                    throw QuenchError.notFound("jobId", "no import job '\(id.prefix(40))'")
                }
                return ImportStatusReply(jobs: [job])
            }
            let limit = request.limit ?? 20
            guard (1...ImportStatusRequest.maxLimit).contains(limit) else {
                throw QuenchError.invalidArgument("limit", "must be 1 to \(ImportStatusRequest.maxLimit), got \(limit)")
            }
            return ImportStatusReply(jobs: try ImportJobStore.recent(db, user: user, limit: limit))
        }
    }

    func runningJob(_ db: Database, user: String, id: String) throws -> ImportJob {
        guard let job = try ImportJobStore.find(db, user: user, id: id) else {
            throw QuenchError.notFound("jobId", "no import job '\(id.prefix(40))'; start one with import.begin")
        }
        guard job.status == "running" else {
            throw QuenchError(.failedPrecondition, "import job '\(id)' is \(job.status); start a new one", field: "jobId")
        }
        return job
    }

    private func boundedCounts(_ counts: [String: Int]?, field: String) throws -> [String: Int] {
        guard let counts else { return [:] }
        guard counts.count <= 500 else {
            throw QuenchError.invalidArgument(field, "may hold at most 500 entries, got \(counts.count)")
        }
        for (key, value) in counts where key.unicodeScalars.count > 200 || value < 0 {
            throw QuenchError.invalidArgument(field, "keys must be at most 200 characters and counts not negative")
        }
        return counts
    }
}
