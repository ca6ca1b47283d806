import GRDB
import QuenchRuntime
import QuenchProtocol

/// The challenge catalog as goals publishes it (shared by every user), by effective day:
/// a change of points, goal or trophy applies from its day on and leaves the days before
/// with the version they were earned with (`ChallengeVersions`).
enum ChallengeStore {
    /// A bound on the challenges ever seen (in the catalog or retired), so progress
    /// replies stay bounded. Versions of each are bounded by the days they changed on.
    static let maxChallenges = 2000

    /// Stores `challenge` as in force from `effectiveDay` (nil: every day). A challenge's
    /// first version is its origin; a later one of the same day replaces that day's.
    /// A challenge's first version counts for the days before it too (`backdated`) only when
    /// it arrives on the catalog's first day (a new catalog scores the past) or without a day;
    /// one added to the catalog later counts from its day on: a finished day keeps what it
    /// earned. Replayed in `seq` order (a rebuild), the same events decide the same.
    static func upsert(_ db: Database, _ challenge: Challenge, effectiveDay: LocalDay?) throws {
        let origin = try exists(db, id: challenge.id) ? 0 : 1
        let day = effectiveDay?.description ?? ""
        var backdated = false
        if origin == 1 {
            let firstDay = try String.fetchOne(db, cached: "SELECT MIN(effectiveDay) FROM challenge_version WHERE origin = 1")
            backdated = day.isEmpty || firstDay == nil || firstDay == day
        }
        try db.execute(cached: """
            INSERT INTO challenge_version (id, effectiveDay, origin, retired, title, description, type, goal, trophy, points, backdated)
            VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id, effectiveDay, origin) DO UPDATE SET retired = 0, title = excluded.title,
                description = excluded.description, type = excluded.type, goal = excluded.goal, trophy = excluded.trophy,
                points = excluded.points
            """, arguments: [
                challenge.id, day, origin, challenge.title, challenge.description, challenge.type,
                challenge.goal, challenge.reward.trophy, challenge.reward.points, backdated,
            ])
    }

    /// Retires `id` from `effectiveDay` on; false when no version of it is known.
    static func retire(_ db: Database, id: String, effectiveDay: LocalDay) throws -> Bool {
        guard let latest = try Row.fetchOne(db, cached: """
            SELECT * FROM challenge_version WHERE id = ? ORDER BY effectiveDay DESC, origin ASC LIMIT 1
            """, arguments: [id]).map(ChallengeVersion.init(row:)) else { return false }
        try db.execute(cached: """
            INSERT INTO challenge_version (id, effectiveDay, origin, retired, title, description, type, goal, trophy, points)
            VALUES (?, ?, 0, 1, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id, effectiveDay, origin) DO UPDATE SET retired = 1
            """, arguments: [
                id, effectiveDay.description, latest.challenge.title, latest.challenge.description, latest.challenge.type,
                latest.challenge.goal, latest.challenge.reward.trophy, latest.challenge.reward.points,
            ])
        return true
    }

    static func exists(_ db: Database, id: String) throws -> Bool {
        try Bool.fetchOne(db, cached: "SELECT EXISTS (SELECT 1 FROM challenge_version WHERE id = ?)", arguments: [id]) ?? false
    }

    /// Challenges ever seen.
    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, cached: "SELECT COUNT(*) FROM challenge_version WHERE origin = 1") ?? 0
    }

    /// The versions that can be in force on a day from `from` to `to`, by challenge: the one
    /// in force on `from`, those that start within the range, and each origin.
    static func versions(_ db: Database, from: String, to: String) throws -> [String: ChallengeVersions] {
        var byID: [String: [ChallengeVersion]] = [:]
        let atStart = try Row.fetchAll(db, cached: """
            SELECT * FROM (
                SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY effectiveDay DESC, origin ASC) AS rank
                FROM challenge_version WHERE effectiveDay <= ?
            ) WHERE rank = 1
            """, arguments: [from])
        let within = try Row.fetchAll(db, cached: """
            SELECT * FROM challenge_version WHERE effectiveDay > ? AND effectiveDay <= ?
            """, arguments: [from, to])
        let origins = try Row.fetchAll(db, cached: "SELECT * FROM challenge_version WHERE origin = 1 AND effectiveDay > ?", arguments: [from])
        for row in atStart + within + origins {
            let version = ChallengeVersion(row: row)
            byID[version.challenge.id, default: []].append(version)
        }
        return byID.mapValues(ChallengeVersions.init)
    }
}

/// One version of a challenge: what it was from `effectiveDay` on.
struct ChallengeVersion: Equatable {
    var challenge: Challenge
    /// `YYYY-MM-DD`, or '' for every day.
    var effectiveDay: String
    /// The challenge's first version.
    var origin: Bool
    var retired: Bool
    /// A first version that is also in force before its day (``ChallengeStore/upsert(_:_:effectiveDay:)``).
    var backdated: Bool

    init(challenge: Challenge, effectiveDay: String, origin: Bool, retired: Bool, backdated: Bool = false) {
        self.challenge = challenge
        self.effectiveDay = effectiveDay
        self.origin = origin
        self.retired = retired
        self.backdated = origin && backdated
    }

    init(row: Row) {
        self.init(
            challenge: Challenge(
                id: row["id"], title: row["title"], description: row["description"], type: row["type"], goal: row["goal"],
                reward: Challenge.Reward(trophy: row["trophy"], points: row["points"])),
            effectiveDay: row["effectiveDay"], origin: row["origin"], retired: row["retired"], backdated: row["backdated"])
    }
}

/// A challenge's versions, and which is in force on a day.
struct ChallengeVersions {
    let versions: [ChallengeVersion]

    /// Newest first: by day, then a later version of a day before its origin.
    init(_ versions: [ChallengeVersion]) {
        self.versions = versions.sorted {
            ($0.effectiveDay, $0.origin ? 0 : 1) > ($1.effectiveDay, $1.origin ? 0 : 1)
        }
    }

    /// The version in force on `day` (`YYYY-MM-DD`): the newest that starts by then, else
    /// a backdated origin (the catalog's first challenges count for the days before them);
    /// nil before a challenge's day or when retired then.
    func inForce(on day: String) -> Challenge? {
        let version = versions.first { $0.effectiveDay <= day } ?? versions.first { $0.backdated }
        guard let version, !version.retired else { return nil }
        return version.challenge
    }
}
