import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing

/// `quench import apple-health` (the built CLI parsing the file and streaming batches)
/// against the real health-ingest executable, with the quirky sample export in
/// deploy/sample-data (29 top-level records: 17 valid ones of the four kinds, 7 out of
/// physical range or time, 3 malformed, 2 of other types; 2 records inside a correlation).
@Suite("Health Apple Health import end to end", .serialized)
struct HealthImportEndToEndTests {
    static let zone = "America/Los_Angeles"
    static var zip: String { HealthFixture.sampleData.appendingPathComponent("export.zip").path }
    static var xml: String { HealthFixture.sampleData.appendingPathComponent("export.xml").path }

    static func counts(_ object: Any?) -> [String: Int] {
        (object as? [String: Any])?.compactMapValues { $0 as? Int } ?? [:]
    }

    static func typeCounts(_ object: Any?) -> [String: [Int]] {
        ((object as? [String: Any]) ?? [:]).compactMapValues { value in
            guard let entry = value as? [String: Any], let imported = entry["imported"] as? Int,
                  let duplicates = entry["duplicates"] as? Int else { return nil }
            return [imported, duplicates]
        }
    }

    @Test("the zip with every quirk imports; the same data again as xml is all duplicates; events once per new sample")
    func importTwice() async throws {
        let fixture = try await HealthFixture("import-twice", timeZone: Self.zone)
        try await fixture.grant(.steps, .bodyMass, .distance, .dietaryWater)

        let first = try fixture.quench(["import", "apple-health", Self.zip, "--json"])
        // Its 3 unreadable records are named, the rest imported, and the exit is 74.
        #expect(first.status == 74 && first.stderr.contains("3 records of imported types could not be read"), "\(first.stderr)")
        let report = try first.json()
        #expect(report["recordsSeen"] as? Int == 30)  // 29 records and a workout
        #expect(report["imported"] as? Int == 17)
        #expect(report["duplicates"] as? Int == 0)
        #expect(report["skipped"] as? Int == 13)
        #expect(report["status"] as? String == "completed")
        #expect(Self.typeCounts(report["byType"]) == ["steps": [8, 0], "body-mass": [3, 0], "distance": [3, 0], "dietary-water": [3, 0]])
        #expect(Self.counts(report["skippedByReason"]) == [
            "value-out-of-range": 4, "ends-before-start": 1, "before-2000": 1, "in-future": 1, "other-type": 2, "no-consent": 1,
            "malformed (bad number: value)": 1, "malformed (bad date: startDate)": 1, "malformed (missing attribute: value)": 1,
        ])
        #expect(Self.counts(report["otherTypes"]) == [
            "HKQuantityTypeIdentifierHeartRateVariabilitySDNN": 1, "HKQuantityTypeIdentifierActiveEnergyBurned": 1,
        ])
        #expect(report["correlationChildrenIgnored"] as? Int == 2)

        let second = try fixture.quench(["import", "apple-health", Self.xml, "--json"])
        #expect(second.status == 74, "\(second.stderr)")
        let again = try second.json()
        #expect(again["recordsSeen"] as? Int == 30 && again["imported"] as? Int == 0 && again["duplicates"] as? Int == 17)
        #expect(Self.typeCounts(again["byType"]) == ["steps": [0, 8], "body-mass": [0, 3], "distance": [0, 3], "dietary-water": [0, 3]])

        // What was stored: values and units as given, normalised values, local days in the request's zone.
        let samples = try await fixture.allSamples()
        #expect(samples.count == 17)
        let weights = samples.filter { $0.type == "body-mass" }.sorted { $0.start < $1.start }
        #expect(weights.map(\.unit) == ["kg", "lb", "kg"])
        #expect(weights.map(\.day.description) == ["2025-10-11", "2025-10-12", "2025-10-13"])
        #expect(abs(weights[1].normalizedValue - 72.57477920) < 1e-6)
        #expect(weights[0].source == "Scale & Co 😀A&unknown;")
        let water = samples.filter { $0.type == "dietary-water" }.map(\.normalizedValue).sorted()
        #expect(abs(water[0] - 236.5882365) < 1e-6 && water[1] == 250 && water[2] == 500)
        let distance = samples.filter { $0.type == "distance" }
        #expect(distance.contains { $0.source == "Anna's Apple Watch" && abs($0.normalizedValue - 804.672) < 1e-6 })
        #expect(distance.contains { $0.device == "name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone15,2, software:18.0" })
        let lateWalk = samples.first { $0.type == "steps" && $0.value == 2000 }
        #expect(lateWalk?.day.description == "2025-10-13")  // 17:00 -0700 is already the 14th in UTC

        // Events: each new sample announced once, in its batch's event, never again on the
        // re-import (an import announces no sample alone); day totals merged in time, the
        // watch first: on 10-12 the iPhone's 6000 lies under the watch's 5500; on 10-11 the
        // watch's 0.5 mi covers the iPhone's 1.25 km.
        #expect(try await fixture.events(EventDescriptor.healthWeightRecorded.name, as: WeightRecordedBody.self).isEmpty)
        #expect(try await fixture.events(EventDescriptor.healthWaterRecorded.name, as: WaterRecordedBody.self).isEmpty)
        let weightBatches = try await fixture.events(EventDescriptor.healthWeightBatchRecorded.name, as: WeightBatchRecordedBody.self)
        #expect(weightBatches.allSatisfy { $0.user == "ana" && $0.samples.allSatisfy { $0.user == "ana" } })
        let weightEvents = weightBatches.flatMap(\.samples)
        #expect(weightEvents.count == 3)
        #expect(Set(weightEvents.map(\.sampleId)) == Set(weights.map(\.sampleId)))
        #expect(weightEvents.map(\.measuredAt) == weights.map(\.start))
        let waterEvents = try await fixture.importedWater()
        #expect(waterEvents.count == 3 && Set(waterEvents.map(\.sampleId)).count == 3)
        #expect(Set(waterEvents.map(\.sampleId)) == Set(samples.filter { $0.type == "dietary-water" }.map(\.sampleId)))
        #expect(waterEvents.allSatisfy { $0.timeZone == Self.zone && $0.day.hasPrefix("2025-10-1") })
        let steps = try await fixture.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self)
        #expect(steps.map { "\($0.day)=\($0.steps)" } == ["2025-10-11=5000", "2025-10-12=5500", "2025-10-13=2000"])
        let metres = try await fixture.events(EventDescriptor.healthDistanceDayChanged.name, as: DistanceDayChangedBody.self)
        #expect(metres.map { "\($0.day)=\($0.meters)" } == ["2025-10-11=804.672", "2025-10-12=800.0"])

        let status: ImportStatusReply = try await fixture.query(MessageDescriptor.importStatus.name, ImportStatusRequest())
        #expect(status.jobs.count == 2 && status.jobs.allSatisfy { $0.status == "completed" })
        await fixture.close()
    }

    @Test("steps from two sources merged in time, the watch first; then a priority list; events only for changed days")
    func stepsRule() async throws {
        let fixture = try await HealthFixture("steps-rule", timeZone: Self.zone)
        try await fixture.grant(.steps)
        let run = try fixture.quench(["import", "apple-health", Self.xml, "--json"])
        #expect(run.status == 74, "\(run.stderr)")  // the sample export's 3 unreadable records: imported the rest, exit 74
        #expect(try await fixture.daily(.steps, from: "2025-10-10", to: "2025-10-14")
            == ["2025-10-11": 5000, "2025-10-12": 5500, "2025-10-13": 2000])

        let phoneFirst: StepsPriorityReply = try await fixture.command(
            MessageDescriptor.stepsPrioritySet.name, StepsPriorityRequest(sources: ["Anna's iPhone"]))
        #expect(phoneFirst.rule == "merge")
        // 10-11: the iPhone's 4200, the 2 of the watch's 7 minutes 07:59-08:06 the iPhone leaves
        // uncovered (1300 × 2/7), the watch's 800 at 18:00 when the iPhone has nothing; 10-12:
        // the iPhone's 6000; 10-13: only the watch.
        let phoneDays = try await fixture.daily(.steps, from: "2025-10-10", to: "2025-10-14")
        #expect(phoneDays.count == 3 && phoneDays["2025-10-12"] == 6000 && phoneDays["2025-10-13"] == 2000)
        #expect(abs((phoneDays["2025-10-11"] ?? 0) - (4200 + 1300.0 * 2 / 7 + 800)) < 1e-9)
        let watchFirst: StepsPriorityReply = try await fixture.command(
            MessageDescriptor.stepsPrioritySet.name, StepsPriorityRequest(sources: ["Anna's Apple Watch", "Anna's iPhone"]))
        #expect(watchFirst.sources == ["Anna's Apple Watch", "Anna's iPhone"])
        #expect(try await fixture.daily(.steps, from: "2025-10-11", to: "2025-10-13")
            == ["2025-10-11": 5000, "2025-10-12": 5500, "2025-10-13": 2000])
        let cleared: StepsPriorityReply = try await fixture.command(MessageDescriptor.stepsPrioritySet.name, StepsPriorityRequest(sources: []))
        #expect(cleared.sources.isEmpty && cleared.seen?.map(\.kind) == ["watch", "phone"])

        let events = try await fixture.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self)
        #expect(events.map { "\($0.day)=\($0.steps)" } == [
            "2025-10-11=5000", "2025-10-12=5500", "2025-10-13=2000",  // import
            "2025-10-11=5371", "2025-10-12=6000",  // iPhone first
            "2025-10-11=5000", "2025-10-12=5500",  // Watch first: the default order, which clearing keeps
        ])
        await expectHealthError(.invalidArgument, field: "sources[1]") {
            let _: StepsPriorityReply = try await fixture.command(MessageDescriptor.stepsPrioritySet.name, StepsPriorityRequest(sources: ["a", "a"]))
        }
        await fixture.close()
    }

    @Test("types without consent are skipped and counted; granted later, a re-import adds just them")
    func consentSkip() async throws {
        let fixture = try await HealthFixture("consent-skip", timeZone: Self.zone)
        try await fixture.grant(.steps)
        let first = try fixture.quench(["import", "apple-health", Self.xml, "--json"]).json()
        #expect(first["imported"] as? Int == 8)
        #expect(Self.counts(first["skippedForConsent"]) == ["body-mass": 4, "distance": 3, "dietary-water": 4, "workouts": 1])
        #expect(Self.counts(first["skippedByReason"])["no-consent"] == 12)
        #expect(try await fixture.importedWater().isEmpty)

        let human = try fixture.quench(["import", "apple-health", Self.xml])
        #expect(human.stdout.contains("no consent") && human.stdout.contains("quench consent grant body-mass"), "\(human.stdout)")

        try await fixture.grant(.bodyMass, .distance, .dietaryWater)
        let second = try fixture.quench(["import", "apple-health", Self.xml, "--json"]).json()
        #expect(second["imported"] as? Int == 9 && second["duplicates"] as? Int == 8)
        #expect(try await fixture.importedWater().count == 3)
        await fixture.close()
    }

    @Test("revoke stops use (queries refuse, events say so); re-grant republishes; revoke with delete deletes and zeroes the days")
    func revoke() async throws {
        let fixture = try await HealthFixture("revoke", timeZone: Self.zone)
        try await fixture.grant(.steps, .dietaryWater)
        #expect(try fixture.quench(["import", "apple-health", Self.xml]).status == 74)  // the sample export's 3 unreadable records: imported the rest, exit 74

        try await fixture.revoke(.steps)
        await expectHealthError(.failedPrecondition) {
            _ = try await fixture.daily(.steps, from: "2025-10-11", to: "2025-10-13")
        }
        #expect(try await fixture.allSamples().allSatisfy { $0.type == "dietary-water" })
        // New steps are skipped while revoked.
        let skipped = try fixture.quench(["import", "apple-health", Self.xml, "--json"]).json()
        #expect(Self.counts(skipped["skippedForConsent"])["steps"] == 13)

        try await fixture.grant(.steps)
        #expect(try await fixture.daily(.steps, from: "2025-10-11", to: "2025-10-13").count == 3)
        let revoked = try await fixture.revoke(.steps, deleteData: true)
        #expect(revoked.deleted == ["steps": 8])
        try await fixture.grant(.steps)
        #expect(try await fixture.daily(.steps, from: "2025-10-11", to: "2025-10-13").isEmpty)

        let consents = try await fixture.events(EventDescriptor.healthConsentChanged.name, as: ConsentChangedBody.self).filter { $0.type == "steps" }
        #expect(consents.map { "\($0.granted):\($0.deleted.map(String.init) ?? "-")" } == ["true:-", "false:false", "true:-", "false:true", "true:-"])
        #expect(try await fixture.events(EventDescriptor.healthSamplesDeleted.name, as: SamplesDeletedBody.self) == [
            SamplesDeletedBody(user: "ana", type: "steps", count: 8),
        ])
        let days = try await fixture.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self)
        #expect(days.map { "\($0.day)=\($0.steps)" } == [
            "2025-10-11=5000", "2025-10-12=5500", "2025-10-13=2000",  // import
            "2025-10-11=5000", "2025-10-12=5500", "2025-10-13=2000",  // granted again: republished
            "2025-10-11=0", "2025-10-12=0", "2025-10-13=0",  // deleted
        ])
        // Water was never touched: each sample announced once, by the first import.
        #expect(try await fixture.importedWater().count == 3)
        await fixture.close()
    }

    @Test("not an export, a truncated export: the fault is reported with where; what was read stays; a re-run completes without duplicates")
    func badFiles() async throws {
        let fixture = try await HealthFixture("bad-files", timeZone: Self.zone)
        try await fixture.grant(.steps, .bodyMass, .distance, .dietaryWater)
        let notExport = try fixture.quench(["import", "apple-health", HealthFixture.sampleData.appendingPathComponent("workouts.csv").path])
        #expect(notExport.status != 0 && notExport.stderr.contains("not an Apple Health export"), "\(notExport.stderr)")
        let missing = try fixture.quench(["import", "apple-health", "/nonexistent/export.zip"])
        #expect(missing.status == 74 && missing.stderr.contains("/nonexistent/export.zip"))

        // Cut the XML in the middle of the 14th record.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.xml))
        let text = String(decoding: bytes, as: UTF8.self)
        let marker = try #require(text.range(of: "DistanceWalkingRunning\" sourceName=\"Anna&apos;s Apple"))
        let cut = text.utf8.distance(from: text.startIndex, to: marker.upperBound)
        let truncated = fixture.service.dataDirectory.appendingPathComponent("truncated.xml")
        try bytes.prefix(cut).write(to: truncated)
        let broken = try fixture.quench(["import", "apple-health", truncated.path, "--json"])
        #expect(broken.status != 0)
        #expect(broken.stderr.contains("byte") || broken.stderr.contains("line"), "\(broken.stderr)")
        let partial = try broken.json()
        #expect(partial["status"] as? String == "failed")
        let before = partial["imported"] as? Int ?? -1
        #expect(before == 12, "\(partial)")
        #expect(try await fixture.allSamples().count == before)
        // The part read is accounted for: every record whose tag was read whole (all but the
        // cut one) is seen, and each is imported, a duplicate or skipped — not "of 0 records".
        let read = String(decoding: bytes.prefix(cut), as: UTF8.self)
            .replacingOccurrences(of: "<!--[\\s\\S]*?-->", with: "", options: .regularExpression)
        let wholeRecords = read.components(separatedBy: "<Record ").count - 2  // less the cut one
        #expect(partial["recordsSeen"] as? Int == wholeRecords, "\(partial)")
        #expect(wholeRecords == before + (partial["duplicates"] as? Int ?? -1) + (partial["skipped"] as? Int ?? -1), "\(partial)")
        let human = try fixture.quench(["import", "apple-health", truncated.path])
        #expect(human.stdout.contains("of \(wholeRecords) records"), "\(human.stdout)")

        // A truncated zip too.
        let zipBytes = try Data(contentsOf: URL(fileURLWithPath: Self.zip))
        let brokenZip = fixture.service.dataDirectory.appendingPathComponent("truncated.zip")
        try zipBytes.prefix(zipBytes.count / 2).write(to: brokenZip)
        let zipRun = try fixture.quench(["import", "apple-health", brokenZip.path])
        #expect(zipRun.status != 0 && !zipRun.stderr.isEmpty)

        let rerun = try fixture.quench(["import", "apple-health", Self.zip, "--json"]).json()
        #expect(rerun["duplicates"] as? Int == before && rerun["imported"] as? Int == 17 - before)
        #expect(try await fixture.allSamples().count == 17)
        let jobs: ImportStatusReply = try await fixture.query(MessageDescriptor.importStatus.name, ImportStatusRequest())
        #expect(jobs.jobs.filter { $0.status == "failed" }.count >= 1)
        #expect(jobs.jobs.first?.status == "completed")
        await fixture.close()
    }
}
