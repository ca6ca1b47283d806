import GRDB
import QuenchProtocol
import QuenchRuntime

/// The health consents each user has revoked, as health-ingest announced them
/// (`health.consent.changed`). A revoke keeps the read models it covers but masks them in
/// every answer: steps (steps chart, badges, step challenges), distance (distance
/// challenges), workouts (one-rep maxes). A grant lifts the mask, so the kept data counts
/// again without a re-import. It is a read model like the others: a rebuild replays the
/// consent events in order with the data events and ends with the same mask.
enum ConsentMask {
    /// Records a revoke (`granted` false) or lifts it.
    static func set(_ db: Database, user: String, type: ConsentType, granted: Bool) throws {
        if granted {
            try db.execute(cached: "DELETE FROM consent_revoked WHERE user = ? AND type = ?", arguments: [user, type.rawValue])
        } else {
            try db.execute(
                cached: "INSERT INTO consent_revoked (user, type) VALUES (?, ?) ON CONFLICT (user, type) DO NOTHING",
                arguments: [user, type.rawValue])
        }
    }

    /// The consent types `user` has revoked.
    static func revoked(_ db: Database, user: String) throws -> Set<ConsentType> {
        Set(try String.fetchAll(db, cached: "SELECT type FROM consent_revoked WHERE user = ?", arguments: [user])
            .compactMap(ConsentType.init(rawValue:)))
    }

    static func eraseUser(_ db: Database, user: String) throws {
        try db.execute(cached: "DELETE FROM consent_revoked WHERE user = ?", arguments: [user])
    }
}
