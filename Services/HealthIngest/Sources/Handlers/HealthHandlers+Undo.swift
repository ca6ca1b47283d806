import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

extension HealthHandlers {
    /// Removes every sample the job stored, in one transaction: the per-source day sums and
    /// day parts of cumulative types are taken back exactly as the import added them, the day
    /// totals of the days touched are recomputed (their `…day-changed` events follow), and each
    /// type's removed sample ids go out in `health.samples.removed` events for the subscribers.
    func undoImport(_ request: ImportUndoRequest, _ write: WriteContext) throws -> ImportJob {
        let user = try write.request.actingUser()
        let db = write.db
        guard let job = try ImportJobStore.find(db, user: user, id: request.jobId) else {
            throw QuenchError.notFound("jobId", "no import job '\(request.jobId.prefix(40))'")
        }
        switch job.status {
        case "undone": return job
        case "running":
            throw QuenchError(.failedPrecondition, "import job '\(job.jobId)' is still running; undo it once it has finished", field: "jobId")
        default: break
        }
        var removed = 0
        if let userKey = try SampleStore.userKey(db, user), let keys = try ImportJobStore.keys(db, user: user, id: job.jobId) {
            removed = try removeSamples(write, user: user, userKey: userKey, jobId: job.jobId, in: keys)
        }
        try ImportJobStore.markUndone(db, user: user, id: job.jobId, at: now(), removed: removed)
        return try ImportJobStore.find(db, user: user, id: job.jobId) ?? job
    }

    /// The job's samples are those with its id among the row ids its requests stored in
    /// (``ImportJobStore/keys(_:user:id:)``: a range, so no index on `jobId` is needed).
    private func removeSamples(_ write: WriteContext, user: String, userKey: Int64, jobId: String, in range: ClosedRange<Int64>) throws -> Int {
        let removed = try SampleRemoval.remove(
            write, userKey: userKey, filter: "key BETWEEN ? AND ? AND jobId = ?", arguments: [range.lowerBound, range.upperBound, jobId])
        try SampleRemoval.refresh(write, user: user, removed)
        try SampleRemoval.emitRemoved(write, user: user, removed, jobId: jobId)
        return removed.count
    }
}
