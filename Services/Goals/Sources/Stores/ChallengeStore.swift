import Foundation
import GRDB
import QuenchRuntime
import QuenchProtocol

/// SQL over the `challenge` catalog.
enum ChallengeStore {
    enum Upsert {
        case created
        case updated
        case unchanged
    }

    /// The most challenges the catalog holds: `challenges.list` stays one bounded reply, and
    /// analytics (which keeps as many) never has to leave one out.
    static let maxCatalog = 500

    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, cached: "SELECT COUNT(*) FROM challenge") ?? 0
    }

    static func find(_ db: Database, id: String) throws -> Challenge? {
        try Row.fetchOne(db, cached: "SELECT * FROM challenge WHERE id = ?", arguments: [id]).map(challenge(_:))
    }

    static func all(_ db: Database) throws -> [Challenge] {
        try Row.fetchAll(db, cached: "SELECT * FROM challenge ORDER BY id").map(challenge(_:))
    }

    /// Inserts or updates by id; the creation time of an existing id is kept.
    static func upsert(_ db: Database, _ item: Challenge) throws -> Upsert {
        let existing = try find(db, id: item.id)
        if existing == item { return .unchanged }
        let now = Date().timeIntervalSince1970
        try db.execute(cached: """
            INSERT INTO challenge (id, title, description, type, goal, trophy, points, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                title = excluded.title, description = excluded.description, type = excluded.type, goal = excluded.goal,
                trophy = excluded.trophy, points = excluded.points, updatedAt = excluded.updatedAt
            """, arguments: [
                item.id, item.title, item.description, item.type, item.goal, item.reward.trophy, item.reward.points, now, now,
            ])
        return existing == nil ? .created : .updated
    }

    /// Every id of the catalog.
    static func ids(_ db: Database) throws -> [String] {
        try String.fetchAll(db, cached: "SELECT id FROM challenge ORDER BY id")
    }

    static func delete(_ db: Database, id: String) throws {
        try db.execute(cached: "DELETE FROM challenge WHERE id = ?", arguments: [id])
    }

    private static func challenge(_ row: Row) -> Challenge {
        Challenge(
            id: row["id"], title: row["title"], description: row["description"], type: row["type"], goal: row["goal"],
            reward: Challenge.Reward(trophy: row["trophy"], points: row["points"]))
    }
}
