import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// Health Auto Export re-sends overlapping windows ("yesterday and today" on every sync), and
/// a point's value changes while its bucket is open: today's daily step total grows from
/// sync to sync, a per-minute share moves when the Watch syncs late. A re-sent point with the
/// same value is a duplicate (its identity, docs/PROTOCOL.md). One with another value
/// **replaces** what an earlier Health Auto Export job stored for the same slot, so nothing
/// counts twice and the latest value wins.
///
/// A slot is the sample type, the start instant and the source: a stored sample of an
/// earlier `health-auto-export` job is replaced when it has the same type and start, and a
/// source sharing a device with the new point's (the app pipe-joins the devices it merged,
/// `Watch|iPhone`, and the list grows as devices sync). Samples of other imports or added by
/// hand are never replaced; points of one job never replace each other. Only a point that
/// passes the rules and has its consent replaces anything.
enum AutoExportSupersede {
    static let kind = "health-auto-export"

    /// Removes what the batch's points replace (before they are stored, in the same
    /// transaction), and emits `health.samples.removed` for them. The days touched are
    /// refreshed by ``finish(_:_:write:user:)``, after the new points are stored, so a day's
    /// total moves once.
    static func begin(_ request: ImportBatchRequest, write: WriteContext, user: String, jobId: String, now: Date) throws -> SampleRemoval.Removed {
        let db = write.db
        guard let userKey = try SampleStore.userKey(db, user),
              try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM import_job WHERE user = ? AND kind = ? AND id != ?)",
                                arguments: [user, kind, jobId]) == true
        else { return SampleRemoval.Removed() }
        let granted = try ConsentStore.granted(db, user: user)
        var rules = SampleRules(now: now, timeZone: write.request.timeZone)
        let checked = (request.sources ?? []).map(SampleRules.check)
        var keys = Set<Int64>()
        let statement = try db.cachedStatement(sql: """
            SELECT s.key, src.name FROM sample s JOIN source src ON src.id = s.sourceId
            WHERE s.userKey = ? AND s.type = ? AND s.start = ? AND s.identity != ? AND s.jobId IS NOT NULL AND s.jobId != ?
              AND s.jobId IN (SELECT id FROM import_job WHERE user = ? AND kind = ?)
            """)
        for input in request.samples.prefix(ImportBatchRequest.maxSamples) {
            guard let type = rules.type(input.type), granted.contains(type.consent) else { continue }
            let sample: ValidSample
            do throws(SampleRejection) {
                if let index = input.sourceIndex {
                    guard checked.indices.contains(index) else { continue }
                    sample = try rules.validate(input, checked: checked[index])
                } else {
                    sample = try rules.validate(input)
                }
            } catch {
                continue
            }
            let devices = Self.devices(sample.source)
            let rows = try Row.fetchAll(statement, arguments: [
                userKey, type.code, sample.start.timeIntervalSince1970, sample.identity, jobId, user, kind,
            ])
            for row in rows where !devices.isDisjoint(with: Self.devices(row["name"])) {
                keys.insert(row["key"])
            }
        }
        guard !keys.isEmpty else { return SampleRemoval.Removed() }
        let list = keys.sorted()
        let marks = Array(repeating: "?", count: list.count).joined(separator: ", ")
        let removed = try SampleRemoval.remove(write, userKey: userKey, filter: "key IN (\(marks))", arguments: StatementArguments(list))
        try SampleRemoval.emitRemoved(write, user: user, removed, jobId: jobId)
        return removed
    }

    /// Counts the replaced samples in the reply (`replaced`, and by type) and recomputes the
    /// days they were on.
    static func finish(_ removed: SampleRemoval.Removed, _ reply: inout ImportBatchReply, write: WriteContext, user: String) throws {
        guard removed.count > 0 else { return }
        reply.replaced = removed.count
        for (type, count) in removed.byType {
            reply.byType[type.rawValue, default: TypeCounts()].replaced = count
        }
        try SampleRemoval.refresh(write, user: user, removed)
    }

    /// The devices a source names: the app joins merged ones with `|`.
    static func devices(_ source: String) -> Set<String> {
        Set(source.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
    }
}
