import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// Dietary water recorded in health-ingest becomes intakes of water in intake, through
/// intake's real subscriber transaction (`HealthWaterApplier`): once per sample, also when
/// every event is delivered again; withheld on a revoke, back on a grant, gone after a
/// revoke with delete. In process (live too with `QUENCH_TEST_LIVE=1`).
@Suite("Health-ingest's water in intake")
struct HealthWaterFlowTests {
    /// 2026-11-10 10:00 and 10:01 UTC: 11:00 and 11:01 in Berlin, on 2026-11-10.
    static let at = Date(timeIntervalSince1970: 1_794_304_800)
    static let day = "2026-11-10"

    @Test("a glass and a bottle make 750 mL on their day, once; revoked they are withheld, granted back, deleted gone", arguments: TestMode.selected)
    func waterBecomesIntakes(mode: TestMode) async throws {
        let system = try await TestSystem(mode, [ServiceName.healthIngest, ServiceName.intake], label: "water-flow")
        let health = try system.client(ServiceName.healthIngest, user: "ana", timeZone: "Europe/Berlin")
        let intake = try system.client(ServiceName.intake, user: "ana", timeZone: "Europe/Berlin")
        func consent(_ type: String, granted: Bool, deleteData: Bool? = nil) async throws {
            let _: ConsentListReply = try await health.call(
                granted ? MessageDescriptor.consentGrant.name : MessageDescriptor.consentRevoke.name,
                ConsentChangeRequest(types: [type], deleteData: deleteData), idempotencyKey: UUID().uuidString)
        }
        func add(_ samples: [SampleInput]) async throws -> AddSamplesReply {
            try await health.call(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: samples), idempotencyKey: UUID().uuidString)
        }
        func total() async throws -> (Int64, Int) {
            try await system.settle()
            let total: DayTotal = try await intake.call(MessageDescriptor.intakeDayTotal.name, DayTotalRequest(day: LocalDay(Self.day)!))
            return (total.totalWaterMicrolitres, total.count)
        }

        try await consent("dietary-water", granted: true)
        let glass = SampleInput(type: "dietary-water", value: 250, unit: "mL", start: Self.at, source: "Waterllama")
        let bottle = SampleInput(type: "dietary-water", value: 0.5, unit: "L", start: Self.at.addingTimeInterval(60), source: "Waterllama")
        let first = try await add([glass, bottle])
        #expect(first.duplicates == 0)
        #expect(try await total() == (750_000, 2))

        // The glass again is a duplicate in health-ingest: nothing new reaches intake.
        let again = try await add([glass])
        #expect(again.duplicates == 1)
        #expect(try await total() == (750_000, 2))

        let listed: ListIntakesReply = try await intake.call(MessageDescriptor.intakeList.name, ListIntakesRequest(day: LocalDay(Self.day)!))
        #expect(listed.intakes.map(\.volumeMl).sorted() == [250, 500])
        #expect(listed.intakes.allSatisfy { $0.fluid == "water" && $0.day == Self.day })

        // Revoked: withheld (nothing counts them); granted: back as they were.
        try await consent("dietary-water", granted: false)
        #expect(try await total() == (0, 0))
        try await consent("dietary-water", granted: true)
        #expect(try await total() == (750_000, 2))

        // Revoked with delete: gone, and a grant brings nothing back.
        try await consent("dietary-water", granted: false, deleteData: true)
        #expect(try await total() == (0, 0))
        try await consent("dietary-water", granted: true)
        #expect(try await total() == (0, 0))
        await system.close()
    }

    @Test("every water event delivered again (intake's cursor wound back): the intakes are keyed by sample, nothing is added")
    func redeliveryAddsNothing() async throws {
        let system = try await TestSystem(.inProcess, [ServiceName.healthIngest, ServiceName.intake], label: "water-replay")
        let health = try system.client(ServiceName.healthIngest, user: "ana", timeZone: "Europe/Berlin")
        let _: ConsentListReply = try await health.call(
            MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: ["dietary-water"]), idempotencyKey: UUID().uuidString)
        let _: AddSamplesReply = try await health.call(
            MessageDescriptor.samplesAdd.name,
            AddSamplesRequest(samples: [SampleInput(type: "dietary-water", value: 330, unit: "mL", start: Self.at, source: "Waterllama")]),
            idempotencyKey: UUID().uuidString)
        try await system.settle()
        let intake = try system.service(ServiceName.intake)
        let head = try await intake.appliedSeq(from: ServiceName.healthIngest)
        #expect(head >= 2)
        try await intake.database.pool.write { db in
            try db.execute(sql: "UPDATE runtime_cursor SET seq = 0 WHERE publisher = 'health-ingest'")
        }
        #expect(try await intake.follow(system.service(ServiceName.healthIngest)) == head)
        let total: DayTotal = try await intake.call(MessageDescriptor.intakeDayTotal.name, DayTotalRequest(day: LocalDay(Self.day)!), user: "ana", timeZone: "Europe/Berlin")
        #expect(total.totalWaterMicrolitres == 330_000 && total.count == 1)
        // intake.logged was published once, for the first delivery only.
        let logged = try await intake.events().filter { $0.type == EventDescriptor.intakeLogged.name }
        #expect(logged.count == 1)
        await system.close()
    }
}
