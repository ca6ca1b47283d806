import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// Health-ingest's dietary-water events through its real handlers (in process; live too with
/// `QUENCH_TEST_LIVE=1`). Moved from the end-to-end tests with the same assertions.
@Suite("Health water events")
struct HealthWaterEventsTests {
    @Test("dietary water: one health.water.recorded per new sample, with its identity; duplicates emit nothing", arguments: TestMode.selected)
    func waterOncePerSample(mode: TestMode) async throws {
        let fixture = try await HealthFixture("water-once", mode: mode)
        await expectHealthError(.failedPrecondition, field: "samples[0].type") {
            let _: AddSamplesReply = try await fixture.command(
                MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: [SampleInput(type: "dietary-water", value: 250, unit: "mL")]))
        }
        try await fixture.grant(.dietaryWater)
        let at = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3600).rounded())
        let glass = SampleInput(type: "dietary-water", value: 250, unit: "mL", start: at, source: "Waterllama")
        let bottle = SampleInput(type: "dietary-water", value: 0.5, unit: "L", start: at.addingTimeInterval(60), source: "Waterllama")
        let first: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: [glass, bottle]))
        #expect(first.duplicates == 0 && first.samples.map(\.normalizedValue) == [250, 500])
        let second: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: [glass]))
        #expect(second.duplicates == 1 && second.samples.first?.sampleId == first.samples.first?.sampleId)
        await expectHealthError(.invalidArgument, field: "samples[1].value") {
            let _: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: [
                SampleInput(type: "dietary-water", value: 100, unit: "mL", start: at.addingTimeInterval(120)),
                SampleInput(type: "dietary-water", value: 11, unit: "L", start: at),
            ]))
        }

        let events = try await fixture.events(EventDescriptor.healthWaterRecorded.name, as: WaterRecordedBody.self)
        #expect(events.map(\.sampleId) == first.samples.map(\.sampleId))
        #expect(events.map(\.volumeMl) == [250, 500])
        #expect(events.first?.at == at && events.first?.timeZone == "Europe/Berlin" && events.first?.source == "Waterllama")
        #expect(events.first?.day == LocalDay(instant: at, timeZone: TimeZone(identifier: "Europe/Berlin")!).description)
        await fixture.close()
    }
}
