import GRDB
import Logging
import QuenchProtocol
import QuenchRuntime

extension AnalyticsHandlers {
    /// In one transaction: every read model emptied and every cursor reset. Once it has
    /// committed the running subscribers are told, and they apply every event from seq 1.
    func rebuild(_ write: WriteContext) throws -> RebuildReply {
        try rebuild(write.db, write.request)
    }

    func rebuild(_ db: Database, _ request: RequestContext) throws -> RebuildReply {
        try request.requirePrivileged()
        var cleared: [String: Int] = [:]
        for table in AnalyticsSchema.readModels {
            try db.execute(sql: "DELETE FROM \(table)")
            cleared[table] = db.changesCount
        }
        let publishers = try String.fetchAll(db, cached: "SELECT publisher FROM runtime_cursor ORDER BY publisher")
        try CatchUpSubscriber.resetCursors(db)
        db.afterNextTransaction(onCommit: { [resetSubscribers] _ in resetSubscribers() })
        request.logger.notice("analytics read models dropped; rebuilding from seq 0", metadata: ["cleared": "\(cleared)"])
        return RebuildReply(cleared: cleared, publishers: publishers)
    }
}
