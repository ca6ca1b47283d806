import Foundation
import GRDB
import QuenchRuntime
import QuenchProtocol

/// The fluids catalog: shared entries (owner '') and each user's own, which shadow a
/// shared entry of the same name for that user.
enum FluidStore {
    struct Entry {
        var name: String
        var basisPoints: Int
        var custom: Bool

        var fluid: Fluid {
            Fluid(name: name, waterPercent: Double(basisPoints) / 100, custom: custom)
        }
    }

    static let maxNameLength = 60
    /// The most fluids of its own a user may have (added, or copied from the catalog by an
    /// edit), so that `fluids.list` and the export's first page stay bounded.
    static let maxOwnFluids = 200

    /// `failed_precondition` on `field` when the user has `maxOwnFluids` already.
    static func checkRoom(_ db: Database, owner: String, field: String) throws {
        let count = try Int.fetchOne(db, cached: "SELECT COUNT(*) FROM fluid WHERE owner = ?", arguments: [owner]) ?? 0
        guard count < maxOwnFluids else {
            throw QuenchError(.failedPrecondition, "you have \(count) fluids of your own, the most allowed is \(maxOwnFluids); rename one instead (`quench fluids edit`)", field: field)
        }
    }

    /// Lower-cased, trimmed, inner whitespace folded: "Sparkling  Water " → "sparkling water".
    static func normalize(_ name: String) -> String {
        name.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func validName(_ raw: String, field: String) throws -> String {
        // The common case, checked byte by byte: lower-case printable ASCII, single spaces,
        // no space at either end, short enough — already what `normalize` would return.
        if isNormalizedASCII(raw) { return raw }
        let name = normalize(raw)
        guard !name.isEmpty, name.count <= maxNameLength else {
            throw QuenchError.invalidArgument(
                field, "must be 1 to \(maxNameLength) characters, got \(raw.count)",
                rule: ErrorRule("fluid.length", ["max": String(maxNameLength), "got": String(raw.count)]))
        }
        guard name.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) }) else {
            throw QuenchError.invalidArgument(field, "must not contain control characters", rule: ErrorRule("text.control"))
        }
        return name
    }

    private static func isNormalizedASCII(_ name: String) -> Bool {
        var count = 0
        var previousSpace = true
        for byte in name.utf8 {
            count += 1
            guard count <= maxNameLength, byte >= 0x20, byte < 0x7F, !(byte >= 0x41 && byte <= 0x5A) else { return false }
            let space = byte == 0x20
            if space && previousSpace { return false }
            previousSpace = space
        }
        return count > 0 && !previousSpace
    }

    static func basisPoints(_ percent: Double, field: String = "waterPercent") throws -> Int {
        guard percent.isFinite, percent > 0, percent <= 100 else {
            throw QuenchError.invalidArgument(field, "must be greater than 0 and at most 100, got \(percent)")
        }
        let points = Int((percent * 100).rounded())
        guard points >= 1 else {
            throw QuenchError.invalidArgument(field, "must be at least 0.01, got \(percent)")
        }
        return points
    }

    /// The fluid `name` as `user` sees it (their own first). Every log resolves its fluid, so
    /// this binds in place (`DirectStatement`) and reads columns by position: two lookups on
    /// the `(owner, name)` key, the user's and then the shared catalog's (one query ordering
    /// both made SQLite build a temporary B-tree for every log).
    static func find(_ db: Database, user: String, name: String) throws -> Entry? {
        let query = try DirectStatement(db, sql: "SELECT name, waterBasisPoints FROM fluid WHERE owner = ? AND name = ?")
        defer { query.finish() }
        func lookUp(_ owner: String) throws -> Entry? {
            query.finish()
            query.bind(1, owner)
            query.bind(2, name)
            guard try query.step() else { return nil }
            return Entry(name: query.text(0), basisPoints: Int(query.int64(1)), custom: !owner.isEmpty)
        }
        return try lookUp(user) ?? lookUp("")
    }

    static func list(_ db: Database, user: String) throws -> [Entry] {
        let rows = try Row.fetchAll(db, cached: """
            SELECT name, waterBasisPoints, owner FROM fluid f
            WHERE owner = ? OR (owner = '' AND NOT EXISTS (SELECT 1 FROM fluid o WHERE o.owner = ? AND o.name = f.name))
            ORDER BY name
            """, arguments: [user, user])
        return rows.map { Entry(name: $0["name"], basisPoints: $0["waterBasisPoints"], custom: ($0["owner"] as String) != "") }
    }

    static func userFluids(_ db: Database, user: String) throws -> [Entry] {
        try Row.fetchAll(db, cached: "SELECT name, waterBasisPoints FROM fluid WHERE owner = ? ORDER BY name", arguments: [user])
            .map { Entry(name: $0["name"], basisPoints: $0["waterBasisPoints"], custom: true) }
    }

    static func exists(_ db: Database, owner: String, name: String) throws -> Bool {
        try Bool.fetchOne(db, cached: "SELECT EXISTS (SELECT 1 FROM fluid WHERE owner = ? AND name = ?)", arguments: [owner, name]) ?? false
    }

    static func insert(_ db: Database, owner: String, name: String, basisPoints: Int) throws {
        let now = Date().timeIntervalSince1970
        try db.execute(
            sql: "INSERT INTO fluid (owner, name, waterBasisPoints, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?)",
            arguments: [owner, name, basisPoints, now, now])
    }

    static func update(_ db: Database, owner: String, name: String, newName: String, basisPoints: Int) throws {
        try db.execute(
            sql: "UPDATE fluid SET name = ?, waterBasisPoints = ?, updatedAt = ? WHERE owner = ? AND name = ?",
            arguments: [newName, basisPoints, Date().timeIntervalSince1970, owner, name])
    }

    static func deleteAll(_ db: Database, owner: String) throws -> Int {
        try db.execute(cached: "DELETE FROM fluid WHERE owner = ?", arguments: [owner])
        return db.changesCount
    }
}
