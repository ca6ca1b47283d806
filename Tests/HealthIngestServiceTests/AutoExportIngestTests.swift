import Foundation
import HealthImport
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// Health Auto Export payloads through health-ingest's real handlers (in process; the real
/// executable with `QUENCH_TEST_LIVE=1`), sent the way the CLI and the HTTP endpoint send them
/// (``HealthAutoExportImport``): re-sends count nothing twice, a grown value replaces the
/// earlier one, consent and the value rules apply as to any import, each point on its own day.
@Suite("Health Auto Export ingest")
struct AutoExportIngestTests {
    /// The import's three requests through the fixture's client.
    struct FixtureTransport: HealthImportTransport {
        let fixture: HealthFixture

        func begin(_ request: ImportBeginRequest) async throws -> ImportJob {
            try await fixture.command(MessageDescriptor.importBegin.name, request)
        }

        func batch(_ request: ImportBatchRequest, idempotencyKey: String) async throws -> ImportBatchReply {
            try await fixture.client.call(MessageDescriptor.importBatch.name, request, idempotencyKey: idempotencyKey)
        }

        func finish(_ request: ImportFinishRequest) async throws -> ImportJob {
            try await fixture.command(MessageDescriptor.importFinish.name, request)
        }
    }

    static func send(_ fixture: HealthFixture, _ json: String) async throws -> HealthAutoExportImport.Outcome {
        let payload = try HealthAutoExportParser().parse(Data(json.utf8))
        return try await HealthAutoExportImport.run(payload, fileName: "payload.json", via: FixtureTransport(fixture: fixture))
    }

    static func metric(_ name: String, _ units: String, _ points: [(date: String, qty: Double, source: String)]) -> String {
        let data = points.map { #"{"date": "\#($0.date)", "qty": \#($0.qty), "source": "\#($0.source)"}"# }.joined(separator: ", ")
        return #"{"data": {"metrics": [{"name": "\#(name)", "units": "\#(units)", "data": [\#(data)]}]}}"#
    }

    static func replaced(_ job: ImportJob) -> Int {
        job.byType.values.reduce(0) { $0 + ($1.replaced ?? 0) }
    }

    @Test("the same payload again is all duplicates; an overlapping window adds only its new points", arguments: TestMode.selected)
    func overlappingResends(mode: TestMode) async throws {
        let fixture = try await HealthFixture("hae-resend", mode: mode, timeZone: "Asia/Tokyo")
        try await fixture.grant(.steps)
        let minutes = (0..<6).map { (date: "2024-02-06 10:0\($0):00 -0500", qty: 8.279_676_364_935_806_3 + Double($0), source: "Ana’s Apple Watch") }
        let first = try await Self.send(fixture, Self.metric("step_count", "count", Array(minutes[0..<4])))
        #expect(first.job.imported == 4 && first.job.duplicates == 0 && first.job.status == "completed")
        let again = try await Self.send(fixture, Self.metric("step_count", "count", Array(minutes[0..<4])))
        #expect(again.job.imported == 0 && again.job.duplicates == 4 && Self.replaced(again.job) == 0)
        // The next sync's window: the last two points again, two new ones.
        let next = try await Self.send(fixture, Self.metric("step_count", "count", Array(minutes[2..<6])))
        #expect(next.job.imported == 2 && next.job.duplicates == 2)
        let expected = minutes.reduce(0) { $0 + $1.qty }
        let days = try await fixture.daily(.steps, from: "2024-02-05", to: "2024-02-07")
        #expect(days.count == 1 && abs((days["2024-02-06"] ?? 0) - expected) < 1e-9, "\(days)")
        #expect(try await fixture.allSamples(type: .steps).count == 6)
        await fixture.close()
    }

    @Test("a re-sent point with a grown value (today's total) replaces the earlier one, also when the app merged another device", arguments: TestMode.selected)
    func grownValueReplaces(mode: TestMode) async throws {
        let fixture = try await HealthFixture("hae-replace", mode: mode, timeZone: "UTC")
        try await fixture.grant(.steps)
        let morning = try await Self.send(fixture, Self.metric("step_count", "count", [("2026-05-19 00:00:00 -0700", 3000, "Watch")]))
        #expect(morning.job.imported == 1)
        #expect(try await fixture.daily(.steps, from: "2026-05-19", to: "2026-05-19") == ["2026-05-19": 3000])
        let noon = try await Self.send(fixture, Self.metric("step_count", "count", [("2026-05-19 00:00:00 -0700", 5000, "Watch")]))
        #expect(noon.job.imported == 1 && Self.replaced(noon.job) == 1)
        #expect(try await fixture.daily(.steps, from: "2026-05-19", to: "2026-05-19") == ["2026-05-19": 5000])
        // The phone synced: the app names both devices now.
        let evening = try await Self.send(fixture, Self.metric("step_count", "count", [("2026-05-19 00:00:00 -0700", 7369.142, "Watch|iPhone")]))
        #expect(evening.job.imported == 1 && Self.replaced(evening.job) == 1)
        #expect(try await fixture.daily(.steps, from: "2026-05-19", to: "2026-05-19") == ["2026-05-19": 7369.142])
        #expect(try await fixture.allSamples(type: .steps).map(\.value) == [7369.142])
        // Another source at the same instant is another slot: kept beside it.
        let other = try await Self.send(fixture, Self.metric("step_count", "count", [("2026-05-19 00:00:00 -0700", 100, "Pedometer++")]))
        #expect(other.job.imported == 1 && Self.replaced(other.job) == 0)
        #expect(try await fixture.allSamples(type: .steps).count == 2)
        // The replaced samples went out to the subscribers.
        let removed = try await fixture.events(EventDescriptor.healthSamplesRemoved.name, as: SamplesRemovedBody.self)
        #expect(removed.flatMap(\.sampleIds).count == 2)
        #expect(removed.allSatisfy { $0.type == "steps" })
        let changes = try await fixture.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).map(\.steps)
        #expect(Array(changes.prefix(3)) == [3000, 5000, 7369], "\(changes)")
        await fixture.close()
    }

    @Test("a weight re-sent with a corrected value replaces the stored one; other imports' samples are never replaced", arguments: TestMode.selected)
    func weightCorrected(mode: TestMode) async throws {
        let fixture = try await HealthFixture("hae-weight", mode: mode, timeZone: "UTC")
        try await fixture.grant(.bodyMass)
        // A weight stored by hand at the same instant and source: not the app's, kept.
        let manual: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: [
            SampleInput(type: "body-mass", value: 80, unit: "kg", start: Date(timeIntervalSince1970: HealthAutoExportDate("2025-12-15 07:00:00 +0000")!.epoch), source: "Withings"),
        ]))
        #expect(manual.samples.count == 1)
        _ = try await Self.send(fixture, Self.metric("weight_body_mass", "lb", [("2025-12-15 07:00:00 +0000", 180, "Withings")]))
        let fixed = try await Self.send(fixture, Self.metric("weight_body_mass", "lb", [("2025-12-15 07:00:00 +0000", 181, "Withings")]))
        #expect(fixed.job.imported == 1 && Self.replaced(fixed.job) == 1)
        let weights = try await fixture.allSamples(type: .bodyMass).map(\.normalizedValue).sorted()
        #expect(weights.count == 2)
        #expect(weights[0] == 80 && abs(weights[1] - 181 * 0.45359237) < 1e-9, "\(weights)")
        let recorded = try await fixture.importedWeights()
        let removed = try await fixture.events(EventDescriptor.healthSamplesRemoved.name, as: SamplesRemovedBody.self).flatMap(\.sampleIds)
        #expect(removed.count == 1 && removed.first == recorded.first?.sampleId)
        await fixture.close()
    }

    @Test("without consent nothing is stored and each point is counted under its consent; granted, the same payload imports", arguments: TestMode.selected)
    func consent(mode: TestMode) async throws {
        let fixture = try await HealthFixture("hae-consent", mode: mode, timeZone: "UTC")
        let json = """
            {"data": {"metrics": [
              {"name": "dietary_water", "units": "mL", "data": [{"date": "2026-08-26 08:00:00 -0400", "qty": 250}, {"date": "2026-08-26 12:00:00 -0400", "qty": 500}]},
              {"name": "step_count", "units": "count", "data": [{"date": "2026-08-26 08:00:00 -0400", "qty": 1000}]}],
             "workouts": [{"name": "Running", "start": "2026-08-26 07:00:00 -0400", "end": "2026-08-26 07:30:00 -0400", "duration": 1800}]}}
            """
        let refused = try await Self.send(fixture, json)
        #expect(refused.job.imported == 0)
        #expect(refused.job.skippedForConsent == ["dietary-water": 2, "steps": 1, "workouts": 1])
        #expect(refused.job.skipped["no-consent"] == 4)
        #expect(try await fixture.allSamples().isEmpty)
        try await fixture.grant(.dietaryWater, .workouts)
        let granted = try await Self.send(fixture, json)
        #expect(granted.job.imported == 3 && granted.job.skippedForConsent == ["steps": 1])
        #expect(try await fixture.daily(.dietaryWater, from: "2026-08-26", to: "2026-08-26") == ["2026-08-26": 750])
        #expect(try await fixture.importedWater().map(\.volumeMl) == [250, 500])
        await fixture.close()
    }

    @Test("each point on the day written in its own offset, whatever the request's zone; across midnight both ways", arguments: TestMode.selected)
    func ownOffsetDays(mode: TestMode) async throws {
        let fixture = try await HealthFixture("hae-offsets", mode: mode, timeZone: "Pacific/Kiritimati")
        try await fixture.grant(.steps, .distance)
        _ = try await Self.send(fixture, """
            {"data": {"metrics": [
              {"name": "step_count", "units": "count", "data": [
                {"date": "2026-08-26 23:30:00 +0900", "qty": 300, "source": "iPhone"},
                {"date": "2026-08-26 23:30:00 -0700", "qty": 400, "source": "iPhone"},
                {"date": "2026-08-27 00:10:00 -1000", "qty": 50, "source": "iPhone"}]},
              {"name": "walking_running_distance", "units": "mi", "data": [{"date": "2026-08-26 23:59:00 -0400", "qty": 1, "source": "iPhone"}]}]}}
            """)
        #expect(try await fixture.daily(.steps, from: "2026-08-25", to: "2026-08-28") == ["2026-08-26": 700, "2026-08-27": 50])
        #expect(try await fixture.daily(.distance, from: "2026-08-25", to: "2026-08-28") == ["2026-08-26": 1609.344])
        await fixture.close()
    }

    @Test("the value rules apply: a point out of range is skipped with its reason, the rest stored and kept", arguments: TestMode.selected)
    func valueRules(mode: TestMode) async throws {
        let fixture = try await HealthFixture("hae-rules", mode: mode, timeZone: "UTC")
        try await fixture.grant(.dietaryWater, .bodyMass)
        let outcome = try await Self.send(fixture, """
            {"data": {"metrics": [
              {"name": "dietary_water", "units": "L", "data": [{"date": "2026-08-26 08:00:00 +0000", "qty": 7}, {"date": "2026-08-26 09:00:00 +0000", "qty": 0.5}]},
              {"name": "weight_body_mass", "units": "kg", "data": [{"date": "2026-08-26 08:00:00 +0000", "qty": 0, "source": "Shortcut"},
                {"date": "2099-01-01 08:00:00 +0000", "qty": 80}, {"date": "2026-08-26 08:00:00 +0000", "qty": "heavy"}]}]}}
            """)
        #expect(outcome.job.imported == 1)
        #expect(outcome.job.skipped["value-out-of-range"] == 2)
        #expect(outcome.job.skipped["in-future"] == 1)
        #expect(outcome.job.skipped.keys.contains { $0.hasPrefix("bad-point: data.metrics[weight_body_mass].data[*].qty") })
        #expect(outcome.job.recordsSeen == 5)
        #expect(try await fixture.daily(.dietaryWater, from: "2026-08-26", to: "2026-08-26") == ["2026-08-26": 500])
        await fixture.close()
    }

    @Test("metrics not imported are counted by name in the job (other-type), nothing refused", arguments: TestMode.selected)
    func otherMetrics(mode: TestMode) async throws {
        let fixture = try await HealthFixture("hae-other", mode: mode, timeZone: "UTC")
        let outcome = try await Self.send(fixture, """
            {"data": {"metrics": [{"name": "heart_rate", "units": "count/min", "data": [{"date": "2026-08-26 08:00:00 +0000", "Min": 50, "Avg": 60, "Max": 70}]},
              {"name": "sleep_analysis", "units": "hr", "data": [{"startDate": "2026-08-26 01:00:00 +0000", "endDate": "2026-08-26 02:00:00 +0000", "qty": 1, "value": "Core"}]}],
             "stateOfMind": [{}]}}
            """)
        #expect(outcome.job.status == "completed")
        #expect(outcome.job.otherTypes == ["heart_rate": 1, "sleep_analysis": 1])
        #expect(outcome.job.skipped["other-type"] == 2)
        #expect(outcome.job.otherElements == ["stateOfMind": 1])
        #expect(outcome.job.recordsSeen == 2)
        await fixture.close()
    }
}
