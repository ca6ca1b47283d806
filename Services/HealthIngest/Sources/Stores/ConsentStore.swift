import Foundation
import GRDB
import QuenchRuntime
import QuenchProtocol

/// Consents per user and type, like HealthKit authorisations: absent means not granted.
enum ConsentStore {
    static func granted(_ db: Database, user: String) throws -> Set<ConsentType> {
        let names = try String.fetchAll(db, cached: "SELECT type FROM consent WHERE user = ? AND granted = 1", arguments: [user])
        return Set(names.compactMap(ConsentType.init(rawValue:)))
    }

    static func states(_ db: Database, user: String) throws -> [ConsentState] {
        var stored: [String: (Bool, Double)] = [:]
        for row in try Row.fetchAll(db, cached: "SELECT type, granted, since FROM consent WHERE user = ?", arguments: [user]) {
            stored[row["type"]] = (row["granted"], row["since"])
        }
        return ConsentType.allCases.map { type in
            let entry = stored[type.rawValue]
            return ConsentState(type: type.rawValue, granted: entry?.0 ?? false, since: entry.map { Date(timeIntervalSince1970: $0.1) })
        }
    }

    static func set(_ db: Database, user: String, type: ConsentType, granted: Bool, at: Date) throws {
        try db.execute(cached: """
            INSERT INTO consent (user, type, granted, since) VALUES (?, ?, ?, ?)
            ON CONFLICT (user, type) DO UPDATE SET granted = excluded.granted, since = excluded.since
            """, arguments: [user, type.rawValue, granted, at.timeIntervalSince1970])
    }

    static func deleteAll(_ db: Database, user: String) throws -> Int {
        try db.execute(cached: "DELETE FROM consent WHERE user = ?", arguments: [user])
        return db.changesCount
    }

    /// The error for a sample of a type without consent.
    static func missing(_ consent: ConsentType, field: String = "type") -> QuenchError {
        QuenchError(
            .failedPrecondition,
            "consent '\(consent.rawValue)' is not granted; run: quench consent grant \(consent.rawValue)",
            field: field)
    }

    /// Parses and de-duplicates consent type names (1…5).
    static func parse(_ names: [String]) throws -> [ConsentType] {
        guard !names.isEmpty, names.count <= ConsentType.allCases.count * 2 else {
            throw QuenchError.invalidArgument("types", "must name 1 to \(ConsentType.allCases.count) consent types, got \(names.count)")
        }
        var result: [ConsentType] = []
        for (index, name) in names.enumerated() {
            guard let type = ConsentType(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw QuenchError.invalidArgument(
                    "types[\(index)]",
                    "must be one of \(ConsentType.allCases.map(\.rawValue).joined(separator: ", ")), got '\(name.prefix(40))'")
            }
            if !result.contains(type) {
                result.append(type)
            }
        }
        return result
    }
}
