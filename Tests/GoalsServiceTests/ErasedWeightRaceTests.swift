import Foundation
import GRDB
@testable import GoalsService
import QuenchProtocol
import QuenchRuntime
import Testing

/// Issue #26: goals lags behind health-ingest, so it applies the user's weights AFTER its own
/// erase; `health.erased` then has to take the weights out of the goal periods and the
/// `goal.changed` events too, not only out of the user's state. Real `HealthEventApplier`,
/// real outbox, temp SQLite file.
@Suite("health.erased after goals' own erase leaves no weight behind")
struct ErasedWeightRaceTests {
    /// Ana's marker weights: nobody else weighs that.
    static let markers = [83.456789, 93.456789]

    static func float64(_ value: Double) -> [UInt8] {
        [0xcb] + withUnsafeBytes(of: value.bitPattern.bigEndian, Array.init)
    }

    static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// (seq, envelope bytes) of every outbox row.
    static func rows(_ store: TestDatabase) throws -> [(Int64, [UInt8])] {
        try store.database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT seq, envelope FROM runtime_outbox ORDER BY seq").map { ($0["seq"], [UInt8]($0["envelope"] as Data)) }
        }
    }

    static func periodWeights(_ store: TestDatabase, _ user: String) throws -> [Double?] {
        try store.database.pool.read { db in
            try Optional<Double>.fetchAll(db, sql: "SELECT weightKg FROM goal_period WHERE user = ? ORDER BY startDay", arguments: [user])
        }
    }

    static func consent(_ user: String, latest: WeightRecordedBody) -> ConsentChangedBody {
        ConsentChangedBody(user: user, type: ConsentType.bodyMass.rawValue, granted: true, latestWeight: latest)
    }

    @Test("weights applied after ana's erase, then health.erased: no event or period keeps her weight, seq gapless, bob's intact")
    func weightAfterErase() throws {
        let store = try TestDatabase()
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent("bob", latest: HealthEventApplierTests.weight(70.5, hoursAgo: 1, user: "bob")))
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent("ana", latest: HealthEventApplierTests.weight(Self.markers[0], hoursAgo: 3)))
        // Ana's `quench erase`: goals' own erase, as its handler does it.
        try store.database.pool.write { db in
            _ = try GoalStore.erase(db, user: "ana")
            try UserErasure.forgetTraces(db, user: "ana", outbox: store.outbox)
            try store.outbox.append(db, .goalErased, user: "ana", body: UserErasedBody(user: "ana"))
        }
        // Goals lagged: ana's consent and weights arrive after the erase, over two days.
        try store.deliver(EventDescriptor.healthConsentChanged.name, Self.consent("ana", latest: HealthEventApplierTests.weight(Self.markers[0], hoursAgo: 2)))
        store.advance(days: 2)
        try store.deliver(EventDescriptor.healthWeightRecorded.name, HealthEventApplierTests.weight(Self.markers[1], hoursAgo: -48))
        #expect(try Self.periodWeights(store, "ana") == Self.markers, "the weights are in ana's periods before")
        let before = try Self.rows(store)
        #expect(before.filter { row in Self.markers.contains { Self.contains(row.1, Self.float64($0)) } }.count == 2, "findable before")

        try store.deliver(EventDescriptor.healthErased.name, UserErasedBody(user: "ana"))

        let after = try Self.rows(store)
        for (seq, bytes) in after {
            for marker in Self.markers {
                #expect(!Self.contains(bytes, Self.float64(marker)), "event \(seq) still carries ana's \(marker) kg")
            }
        }
        #expect(after.map(\.0) == Array(1...Int64(after.count)), "seq stays gapless")
        #expect(try Self.periodWeights(store, "ana").allSatisfy { $0 == nil })
        #expect(try store.state("ana")?.weight == nil)
        // Ana's erase stays; her goal is back to the default, announced without a weight.
        let events = try after.map { try Envelope.decode($0.1) }
        #expect(events.contains { $0.type == EventDescriptor.goalErased.name && $0.user == "ana" })
        let last = try #require(events.last { $0.type == EventDescriptor.goalChanged.name && $0.user == "ana" })
        #expect(try last.decodeBody(GoalChangedBody.self).source == "default")
        // Bob's: untouched.
        #expect(try Self.periodWeights(store, "bob") == [70.5])
        let bob = events.filter { $0.user == "bob" }
        #expect(try bob.map { try $0.decodeBody(GoalChangedBody.self).weightKg } == [70.5])
    }
}
