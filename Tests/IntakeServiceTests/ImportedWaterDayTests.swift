import Foundation
import GRDB
@testable import IntakeService
import QuenchProtocol
import QuenchRuntime
import Testing

/// An imported water record's intake is on the record's own day (the event's `day`, taken at
/// its `utcOffset`), not on the day of the request's zone that `timeZone` names.
@Suite("Imported water lands on its record's day")
struct ImportedWaterDayTests {
    @Test("23:50 at -04:00 (03:50Z the next day) announced by a UTC request: the intake's day is 2019-05-15")
    func recordDay() throws {
        let fixture = try WithheldWaterTests.Fixture()
        let at = Date(timeIntervalSince1970: 1_557_978_600)  // 2019-05-16T03:50:00Z
        let sample = WaterRecordedBody(
            user: "ana", sampleId: "94fbf90238336b19", volumeMl: 250, at: at, day: "2019-05-15", timeZone: "UTC",
            source: "Waterllama", utcOffset: -14_400)
        try fixture.deliver(EventDescriptor.healthWaterBatchRecorded.name, WaterBatchRecordedBody(user: "ana", samples: [sample]))
        let single = WaterRecordedBody(
            user: "ana", sampleId: "b6c6c6de83ddbdcf", volumeMl: 100, at: at, day: "2019-05-15", timeZone: "UTC",
            source: "Waterllama", utcOffset: -14_400)
        try fixture.deliver(EventDescriptor.healthWaterRecorded.name, single)
        let intakes = try fixture.database.pool.read { try IntakeStore.all($0, user: "ana") }
        #expect(intakes.map(\.day) == ["2019-05-15", "2019-05-15"])
        #expect(try fixture.database.pool.read { try IntakeStore.dayTotal($0, user: "ana", day: "2019-05-15").water } == 350_000)
    }
}
