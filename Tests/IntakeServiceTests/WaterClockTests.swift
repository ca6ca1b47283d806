import Foundation
import GRDB
@testable import IntakeService
import QuenchProtocol
import QuenchRuntime
import Testing

/// `HealthWaterApplier` stamps the intakes it makes with the clock it is given (as the
/// handlers do), not the wall clock.
@Suite("HealthWaterApplier uses its injected clock")
struct WaterClockTests {
    static let clock = Date(timeIntervalSince1970: 1_761_000_000)

    static func sample(_ id: String) -> WaterRecordedBody {
        WaterRecordedBody(
            user: "ana", sampleId: id, volumeMl: 300, at: WithheldWaterTests.at, day: WithheldWaterTests.day, timeZone: "UTC",
            source: "Waterllama")
    }

    @Test("health.water.recorded and health.water.batch-recorded: createdAt and updatedAt are the injected now")
    func stampsWithClock() throws {
        let fixture = try WithheldWaterTests.Fixture(now: { WaterClockTests.clock })
        try fixture.deliver(EventDescriptor.healthWaterRecorded.name, Self.sample("s1"))
        try fixture.deliver(EventDescriptor.healthWaterBatchRecorded.name, WaterBatchRecordedBody(user: "ana", samples: [Self.sample("s2")]))
        let stored = try fixture.database.pool.read { db in try IntakeStore.all(db, user: "ana") }
        #expect(stored.count == 2)
        for intake in stored {
            #expect(intake.createdAt == Self.clock && intake.updatedAt == Self.clock, "\(intake.id): \(intake.createdAt)")
        }
    }
}
