import GRDB
import QuenchProtocol
import QuenchRuntime

extension HealthHandlers {
    func units(_ context: RequestContext) async throws -> UnitsReply {
        let user = try context.actingUser()
        return try await database.pool.read { db in try Self.storedUnits(db, user: user) }
    }

    func setUnits(_ request: UnitsSetRequest, _ write: WriteContext) throws -> UnitsReply {
        let user = try write.request.actingUser()
        if let weight = request.weight, !UnitsReply.weights.contains(weight) {
            throw QuenchError.invalidArgument("weight", "must be one of \(UnitsReply.weights.joined(separator: ", ")), got '\(weight.prefix(20))'")
        }
        if let volume = request.volume, !UnitsReply.volumes.contains(volume) {
            throw QuenchError.invalidArgument("volume", "must be one of \(UnitsReply.volumes.joined(separator: ", ")), got '\(volume.prefix(20))'")
        }
        let current = try Self.storedUnits(write.db, user: user)
        let next = UnitsReply(weight: request.weight ?? current.weight, volume: request.volume ?? current.volume, stored: true)
        try write.db.execute(cached: """
            INSERT INTO user_units (user, weight, volume) VALUES (?, ?, ?)
            ON CONFLICT (user) DO UPDATE SET weight = excluded.weight, volume = excluded.volume
            """, arguments: [user, next.weight, next.volume])
        return next
    }

    static func storedUnits(_ db: Database, user: String) throws -> UnitsReply {
        guard let row = try Row.fetchOne(db, cached: "SELECT weight, volume FROM user_units WHERE user = ?", arguments: [user]) else {
            return UnitsReply.defaults
        }
        return UnitsReply(weight: row["weight"], volume: row["volume"], stored: true)
    }
}
