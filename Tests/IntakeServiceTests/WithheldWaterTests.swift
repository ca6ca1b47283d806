import Foundation
import GRDB
@testable import IntakeService
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Synchronization
import Testing

/// The dietary-water consent in intake, with the real `HealthWaterApplier` on a real
/// database and outbox: a revoke withholds the intakes made from the user's water samples
/// (announced as deleted), a grant puts the same intakes back (announced as logged), a
/// revoke with delete deletes them, withheld or not.
@Suite("Dietary-water consent in intake")
struct WithheldWaterTests {
    final class Fixture: Sendable {
        let database: ServiceDatabase
        let outbox: Outbox
        let applier: HealthWaterApplier
        private let seq = Mutex<UInt64>(0)

        init(now: @escaping @Sendable () -> Date = Date.init) throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("intake-withheld-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            database = try ServiceDatabase(path: directory.appendingPathComponent("intake.sqlite").path, migrator: IntakeSchema.migrator)
            outbox = try Outbox(publisher: ServiceName.intake, database: database)
            applier = HealthWaterApplier(outbox: outbox, now: now)
        }

        func deliver<Body: Encodable>(_ type: String, _ body: Body) throws {
            let next = seq.withLock { value -> UInt64 in
                value += 1
                return value
            }
            let event = Envelope(type: type, body: try MessagePackRaw(encoding: body), publisher: ServiceName.healthIngest, seq: next)
            try database.pool.write { db in try applier.apply(db, event) }
        }

        func consent(_ granted: Bool, deleted: Bool? = nil, user: String = "ana") throws {
            try deliver(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: user, type: "dietary-water", granted: granted, deleted: deleted))
        }

        /// The user's intakes as intake answers them: (id, source, water µL), by time.
        func intakes(_ user: String = "ana") throws -> [String] {
            try database.pool.read { db in try IntakeStore.all(db, user: user).map { "\($0.id) \($0.source) \($0.waterUl)" } }
        }

        func dayTotal(_ user: String = "ana") throws -> Int64 {
            try database.pool.read { db in try IntakeStore.dayTotal(db, user: user, day: WithheldWaterTests.day).water }
        }

        /// The outbox's events after `seq` (read page by page): (type, intake ids).
        func events(after: UInt64) throws -> [(String, [String])] {
            try database.pool.read { db in
                var result: [(String, [String])] = []
                var cursor = after
                while true {
                    let page = try outbox.events(db, after: cursor, limit: 10_000).map { try $0.decode(Envelope.self) }
                    guard let last = page.last?.seq else { return result }
                    cursor = last
                    for event in page {
                        switch event.type {
                        case EventDescriptor.intakeBatchLogged.name: result.append((event.type, try event.decodeBody(IntakeBatchBody.self).intakes.map(\.id)))
                        default: result.append((event.type, [try event.decodeBody(IntakeEventBody.self).intake.id]))
                        }
                    }
                }
            }
        }
    }

    static let day = "2025-10-09"
    static let at = Date(timeIntervalSince1970: 1_760_000_000)

    static func sample(_ id: String, ml: Double, user: String = "ana", minutes: Double = 0) -> WaterRecordedBody {
        WaterRecordedBody(
            user: user, sampleId: id, volumeMl: ml, at: at.addingTimeInterval(minutes * 60), day: day, timeZone: "UTC", source: "Waterllama")
    }

    /// Ana: two imported glasses (250 + 500 mL), one added alone (100 mL), one drink she logged
    /// herself (300 mL); Bob: one imported glass.
    static func fixture() throws -> Fixture {
        let fixture = try Fixture()
        try fixture.deliver(EventDescriptor.healthWaterBatchRecorded.name, WaterBatchRecordedBody(user: "ana", samples: [
            sample("w1", ml: 250), sample("w2", ml: 500, minutes: 10),
        ]))
        try fixture.deliver(EventDescriptor.healthWaterRecorded.name, sample("w3", ml: 100, minutes: 20))
        try fixture.deliver(EventDescriptor.healthWaterBatchRecorded.name, WaterBatchRecordedBody(user: "bob", samples: [sample("b1", ml: 400, user: "bob")]))
        try fixture.database.pool.write { db in
            try IntakeStore.insert(db, IntakeStore.StoredIntake(
                id: "manual-1", user: "ana", fluid: "tea", volumeUl: 300_000, basisPoints: 10_000, at: at.addingTimeInterval(1800),
                day: day, timeZone: "UTC", source: "quench", createdAt: at, updatedAt: at))
        }
        return fixture
    }

    @Test("revoked: the imported water is no intake at once (each announced deleted); granted: the same intakes are back (announced logged), no re-import")
    func revokeThenGrant() throws {
        let fixture = try Self.fixture()
        let all = try fixture.intakes()
        #expect(all.count == 4)
        #expect(try fixture.dayTotal() == 1_150_000)
        let importedIds = all.filter { $0.contains("apple-health") }.map { String($0.split(separator: " ")[0]) }
        let head = UInt64(try fixture.events(after: 0).count)

        try fixture.consent(false, deleted: false)
        #expect(try fixture.intakes() == all.filter { $0.contains("manual-1") })
        #expect(try fixture.dayTotal() == 300_000)
        let revoked = try fixture.events(after: head)
        #expect(revoked.map(\.0) == Array(repeating: EventDescriptor.intakeDeleted.name, count: 3))
        #expect(revoked.flatMap(\.1) == importedIds)
        #expect(try fixture.intakes("bob").count == 1)
        // A sample delivered again while withheld (a replay) makes no second intake.
        try fixture.deliver(EventDescriptor.healthWaterRecorded.name, Self.sample("w3", ml: 100, minutes: 20))
        #expect(try fixture.intakes() == all.filter { $0.contains("manual-1") })
        // So does a batch replaying it (the batch looks for withheld intakes once, then per sample).
        try fixture.deliver(EventDescriptor.healthWaterBatchRecorded.name, WaterBatchRecordedBody(user: "ana", samples: [
            Self.sample("w3", ml: 100, minutes: 20),
        ]))
        #expect(try fixture.intakes() == all.filter { $0.contains("manual-1") })
        // A second revoke changes nothing.
        let afterRevoke = UInt64(try fixture.events(after: 0).count)
        try fixture.consent(false)
        #expect(try fixture.events(after: afterRevoke).isEmpty)

        try fixture.consent(true)
        #expect(try fixture.intakes() == all)
        #expect(try fixture.dayTotal() == 1_150_000)
        let granted = try fixture.events(after: afterRevoke)
        #expect(granted.map(\.0) == [EventDescriptor.intakeBatchLogged.name] && granted.first?.1 == importedIds)
        // The samples are known again: delivered again, they make nothing new.
        try fixture.deliver(EventDescriptor.healthWaterRecorded.name, Self.sample("w3", ml: 100, minutes: 20))
        #expect(try fixture.intakes().count == 4)
        #expect(try fixture.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM intake_withheld") } == 0)
    }

    @Test("revoke with delete deletes the imported intakes, withheld ones too; a grant brings nothing back")
    func revokeWithDelete() throws {
        for revokedFirst in [false, true] {
            let fixture = try Self.fixture()
            if revokedFirst { try fixture.consent(false) }
            try fixture.consent(false, deleted: true)
            try fixture.deliver(EventDescriptor.healthSamplesDeleted.name, SamplesDeletedBody(user: "ana", type: "dietary-water", count: 3))
            try fixture.consent(true)
            #expect(try fixture.intakes().count == 1, "revoked first: \(revokedFirst)")
            #expect(try fixture.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM intake_withheld") } == 0)
            #expect(try fixture.intakes("bob").count == 1)
        }
    }

    @Test("an import's 1,234 glasses: withheld and back whole, announced in batches of at most 500")
    func manyGlasses() throws {
        let fixture = try Fixture()
        let count = Int(ProcessInfo.processInfo.environment["QUENCH_WITHHELD_SAMPLES"] ?? "") ?? 1_234
        for start in stride(from: 0, to: count, by: 500) {
            try fixture.deliver(EventDescriptor.healthWaterBatchRecorded.name, WaterBatchRecordedBody(user: "ana", samples: (start..<min(start + 500, count)).map {
                Self.sample("g\($0)", ml: 100, minutes: Double($0))
            }))
        }
        let all = try fixture.intakes()
        #expect(all.count == count)
        let before = UInt64(try fixture.events(after: 0).count)
        let clock = ContinuousClock()
        let revoke = try clock.measure { try fixture.consent(false) }
        #expect(try fixture.intakes().isEmpty)
        let afterRevoke = UInt64(try fixture.events(after: 0).count)
        #expect(afterRevoke - before == UInt64(count))
        let grant = try clock.measure { try fixture.consent(true) }
        #expect(try fixture.intakes() == all)
        let batches = try fixture.events(after: afterRevoke)
        #expect(batches.allSatisfy { $0.0 == EventDescriptor.intakeBatchLogged.name })
        #expect(batches.map(\.1.count) == stride(from: 0, to: count, by: 500).map { min(500, count - $0) })
        // QUENCH_WITHHELD_SAMPLES=80000 measures an import's worth (docs/PROTOCOL.md, intake).
        print("withheld \(count) intakes in \(revoke), put back in \(grant)")
    }

    @Test("other consent types change no intake; erase deletes the withheld intakes too")
    func otherTypesAndErase() throws {
        let fixture = try Self.fixture()
        for type in ["steps", "body-mass", "distance", "workouts"] {
            try fixture.deliver(EventDescriptor.healthConsentChanged.name, ConsentChangedBody(user: "ana", type: type, granted: false))
        }
        #expect(try fixture.intakes().count == 4)
        try fixture.consent(false)
        let erased = try fixture.database.pool.write { db in try IntakeStore.deleteAll(db, user: "ana") }
        #expect(erased == 4)
        #expect(try fixture.database.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM intake_withheld") } == 0)
    }
}
