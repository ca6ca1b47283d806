import Foundation
import GRDB
@testable import IntakeService
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing

/// Issue #26: intake lags behind health-ingest, so it applies the user's water AFTER its own
/// erase; `health.erased` then has to take back the events that announced that water too,
/// not only the intakes. Real `HealthWaterApplier`, real outbox, temp SQLite file.
@Suite("health.erased after intake's own erase leaves no water in the outbox")
struct ErasedWaterRaceTests {
    /// Ana's marker values: a volume and a time zone nobody else's events carry.
    static let markerMl = 437.123
    static let markerZone = "Pacific/Chatham"

    static func sample(_ id: String, ml: Double, user: String, zone: String) -> WaterRecordedBody {
        WaterRecordedBody(
            user: user, sampleId: id, volumeMl: ml, at: WithheldWaterTests.at, day: WithheldWaterTests.day, timeZone: zone, source: "Waterllama")
    }

    static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    /// The MessagePack float64 of `value` and the UTF-8 of the zone, as they would sit in an envelope.
    static let markers: [[UInt8]] = [
        [0xcb] + withUnsafeBytes(of: markerMl.bitPattern.bigEndian, Array.init),
        Array(markerZone.utf8),
    ]

    /// (seq, envelope bytes) of every outbox row.
    static func rows(_ fixture: WithheldWaterTests.Fixture) throws -> [(Int64, [UInt8])] {
        try fixture.database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT seq, envelope FROM runtime_outbox ORDER BY seq").map { ($0["seq"], [UInt8]($0["envelope"] as Data)) }
        }
    }

    @Test("water applied after ana's erase, then health.erased: no event keeps her volume or zone, seq gapless, bob's intact")
    func waterAfterErase() throws {
        let fixture = try WithheldWaterTests.Fixture()
        try fixture.deliver(EventDescriptor.healthWaterBatchRecorded.name, WaterBatchRecordedBody(user: "bob", samples: [
            Self.sample("b1", ml: 400, user: "bob", zone: "UTC"),
        ]))
        try fixture.deliver(EventDescriptor.healthWaterBatchRecorded.name, WaterBatchRecordedBody(user: "ana", samples: [
            Self.sample("a0", ml: Self.markerMl, user: "ana", zone: Self.markerZone),
        ]))
        // Ana's `quench erase`: intake's own erase, as its handler does it.
        try fixture.database.pool.write { db in
            _ = try IntakeStore.deleteAll(db, user: "ana")
            try UserErasure.forgetTraces(db, user: "ana", outbox: fixture.outbox)
            try fixture.outbox.append(db, .intakeErased, user: "ana", body: UserErasedBody(user: "ana"))
        }
        // Intake lagged: ana's water arrives after the erase.
        try fixture.deliver(EventDescriptor.healthWaterBatchRecorded.name, WaterBatchRecordedBody(user: "ana", samples: [
            Self.sample("a1", ml: Self.markerMl, user: "ana", zone: Self.markerZone),
            Self.sample("a2", ml: 250, user: "ana", zone: Self.markerZone),
        ]))
        try fixture.deliver(EventDescriptor.healthWaterRecorded.name, Self.sample("a3", ml: Self.markerMl, user: "ana", zone: Self.markerZone))
        // Bob's own drinks keep coming in between.
        try fixture.deliver(EventDescriptor.healthWaterRecorded.name, Self.sample("b2", ml: 300, user: "bob", zone: "UTC"))
        let before = try Self.rows(fixture)
        #expect(before.filter { row in Self.markers.contains { Self.contains(row.1, $0) } }.count == 2, "the marker is findable before")

        try fixture.deliver(EventDescriptor.healthErased.name, UserErasedBody(user: "ana"))

        let after = try Self.rows(fixture)
        for (seq, bytes) in after {
            for marker in Self.markers {
                #expect(!Self.contains(bytes, marker), "event \(seq) still carries ana's \(marker)")
            }
        }
        #expect(after.map(\.0) == Array(1...Int64(after.count)), "seq stays gapless")
        #expect(try fixture.intakes().isEmpty)
        let events = try after.map { try Envelope.decode($0.1) }
        // Bob's: one batch and one intake, whole.
        let bobBatch = try #require(events.first { $0.type == EventDescriptor.intakeBatchLogged.name && $0.body != nil })
        #expect(try bobBatch.decodeBody(IntakeBatchBody.self).intakes.map(\.volumeMl) == [400])
        let bobLogged = events.filter { $0.type == EventDescriptor.intakeLogged.name && $0.body != nil }
        #expect(try bobLogged.map { try $0.decodeBody(IntakeEventBody.self).intake.volumeMl } == [300])
        #expect(bobLogged.allSatisfy { $0.user == "bob" } && bobBatch.user == "bob")
        // Ana's: the erase stays, and each intake made after it is announced deleted, by id only.
        #expect(events.contains { $0.type == EventDescriptor.intakeErased.name && $0.user == "ana" })
        let deleted = try events.filter { $0.type == EventDescriptor.intakeDeleted.name }.map { try $0.decodeBody(IntakeEventBody.self).intake }
        #expect(deleted.count == 3 && deleted.allSatisfy { $0.user == "ana" && $0.volumeMl == 0 })
    }
}
