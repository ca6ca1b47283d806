import GRDB
import QuenchRuntime
import QuenchProtocol

/// The challenge catalog as goals publishes it (shared by every user).
enum ChallengeStore {
    /// A bound on the catalog, so progress replies stay bounded.
    static let maxChallenges = 500

    static func upsert(_ db: Database, _ challenge: Challenge) throws {
        try db.execute(cached: """
            INSERT INTO challenge (id, title, description, type, goal, trophy, points) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET title = excluded.title, description = excluded.description, type = excluded.type,
                goal = excluded.goal, trophy = excluded.trophy, points = excluded.points
            """, arguments: [
                challenge.id, challenge.title, challenge.description, challenge.type, challenge.goal,
                challenge.reward.trophy, challenge.reward.points,
            ])
    }

    static func exists(_ db: Database, id: String) throws -> Bool {
        try Bool.fetchOne(db, cached: "SELECT EXISTS (SELECT 1 FROM challenge WHERE id = ?)", arguments: [id]) ?? false
    }

    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, cached: "SELECT COUNT(*) FROM challenge") ?? 0
    }

    static func all(_ db: Database) throws -> [Challenge] {
        try Row.fetchAll(db, cached: "SELECT * FROM challenge ORDER BY id LIMIT ?", arguments: [maxChallenges]).map { row in
            Challenge(
                id: row["id"], title: row["title"], description: row["description"], type: row["type"], goal: row["goal"],
                reward: Challenge.Reward(trophy: row["trophy"], points: row["points"]))
        }
    }
}
