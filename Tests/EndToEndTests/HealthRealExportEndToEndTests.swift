import ChildProcess
import Foundation
import QuenchProtocol
import QuenchTestSupport
import Testing

/// Real Apple Health exports (../shared/real-data/apple-health, read from there) imported
/// with the built `quench` into the real health-ingest, on a machine in another zone than the
/// records (TZ and --tz Pacific/Kiritimati, UTC+14): each step lands on the day written in its
/// record's own offset, as Tests/python/apple_health_expect.py computes independently.
@Suite("Health: real exports end to end", .serialized)
struct HealthRealExportEndToEndTests {
    static let machineZone = "Pacific/Kiritimati"

    static func export(_ name: String) throws -> String {
        try RealData.require("apple-health").appendingPathComponent(name).path
    }

    static func counts(_ object: Any?) -> [String: Int] {
        HealthImportEndToEndTests.counts(object)
    }

    static func sums(_ samples: [SampleRecord], _ type: String) -> [String: Double] {
        var days: [String: Double] = [:]
        for sample in samples where sample.type == type { days[sample.day.description, default: 0] += sample.normalizedValue }
        return days
    }

    /// `all` less the part of records starting in the future (refused as `in-future`).
    static func less(_ all: Any?, _ future: Any?) -> [String: Double] {
        var result = (all as? [String: Double]) ?? [:]
        for (day, value) in (future as? [String: Double]) ?? [:] {
            result[day, default: 0] -= value
            if abs(result[day] ?? 0) < 1e-9 { result[day] = nil }
        }
        return result
    }

    static func close(_ a: [String: Double], _ b: [String: Double]) -> Bool {
        a.keys.sorted() == b.keys.sorted() && a.allSatisfy { abs($0.value - (b[$0.key] ?? .nan)) <= 1e-6 * max(1, abs($0.value)) }
    }

    @Test("iOS 8 (2014, 2015), a current zip, an export with unreadable records: days, totals, weights and every element as the script says",
          .enabled(if: RealData.shouldRun("apple-health"), "no ../shared/real-data/apple-health"),
          arguments: ["brianerdelyi_export_2014.xml", "ericwolter_export_ios8.xml", "rgosdin_export.zip", "kylemneal_export.xml", "grll_export_v14.xml"])
    func realExport(file: String) async throws {
        let path = try Self.export(file)
        let expected = try RealData.python("apple_health_expect.py", [path])
        let fixture = try await HealthFixture("real-\(file)", timeZone: Self.machineZone)
        try await fixture.grant(.steps, .bodyMass, .distance, .dietaryWater)
        let run = try fixture.quench(["import", "apple-health", path, "--json"], timeZone: Self.machineZone)
        let malformed = expected["malformed"] as? Int ?? 0
        if malformed > 0 {
            // Read to the end, the rest imported, and a non-zero exit saying what was unreadable.
            #expect(run.status == 74 && run.stderr.contains(malformed == 1 ? "1 record of an imported type could not be read" : "\(malformed) records of imported types could not be read"), "\(run.stderr)")
        } else {
            #expect(run.status == 0, "\(run.stderr)")
        }
        let report = try run.json()
        #expect(report["status"] as? String == "completed")
        var elements = (expected["elements"] as? [String: Int]) ?? [:]
        // Workouts are imported too: counted with the records, not among the other elements.
        #expect(report["recordsSeen"] as? Int == (elements.removeValue(forKey: "Record") ?? 0) + (elements.removeValue(forKey: "Workout") ?? 0))
        #expect(Self.counts(report["otherElements"]) == elements)

        let future = (expected["future"] as? [String: Any]) ?? [:]
        let duplicates = (expected["duplicates"] as? [String: Any]) ?? [:]
        #expect(report["duplicates"] as? Int == duplicates["count"] as? Int, "records identical to an earlier one are one sample")
        #expect(Self.counts(report["skippedByReason"])["in-future"] ?? 0 == future["count"] as? Int ?? 0, "records dated after today")
        let samples = try await fixture.allSamples()
        let steps = Self.less(expected["stepsByDay"], future["stepsByDay"])
        #expect(Self.close(Self.sums(samples, "steps"), steps), "steps by the record's own day")
        #expect(Self.close(Self.sums(samples, "distance"), Self.less(expected["distanceByDay"], future["distanceByDay"])))
        let weights = samples.filter { $0.type == "body-mass" }.sorted { $0.start < $1.start }
            .map { "\($0.day) \(String(format: "%.6f", $0.normalizedValue))" }
        let expectedWeights = ((expected["weights"] as? [[Any]]) ?? []).map { "\($0[0]) \(String(format: "%.6f", $0[1] as! Double))" }
        #expect(weights.sorted() == expectedWeights.sorted())
        // The day totals the other services and `quench steps` read: one source per day in these
        // files, a record cut by midnight split between its days (the script's stepsDailyByDay).
        let stepsDaily = Self.less(expected["stepsDailyByDay"], nil)
        if let first = stepsDaily.keys.min(), let last = stepsDaily.keys.max() {
            let daily = try await fixture.daily(.steps, from: first, to: last)
            #expect(Self.close(daily, stepsDaily), "day totals")
        }
        await fixture.close()
    }

    /// Generated, so it runs without the real data too.
    @Test("travel: samples in four offsets land on their own days, imported in UTC and in UTC+14 alike; the instants stay in UTC")
    func travel() async throws {
        let xml = """
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2019-05-15 23:50:00 -0400" endDate="2019-05-15 23:59:00 -0400" value="100"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2019-05-16 12:50:00 +0900" endDate="2019-05-16 12:59:00 +0900" value="200"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="20190516005000+0100" endDate="20190516005900+0100" value="400"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2019-05-17 06:00:00 -1000" endDate="2019-05-17 06:00:00 -1000" value="70"/>
            </HealthData>
            """
        for zone in ["UTC", Self.machineZone] {
            let fixture = try await HealthFixture("travel-\(zone.count)", timeZone: zone)
            try await fixture.grant(.steps, .bodyMass)
            let file = fixture.service.dataDirectory.appendingPathComponent("travel.xml")
            try Data(xml.utf8).write(to: file)
            let run = try fixture.quench(["import", "apple-health", file.path, "--json"], timeZone: zone)
            #expect(run.status == 0, "\(run.stderr)")
            let samples = try await fixture.allSamples().sorted { $0.value < $1.value }
            #expect(samples.map(\.day.description) == ["2019-05-17", "2019-05-15", "2019-05-16", "2019-05-16"], "\(zone)")
            #expect(samples.first { $0.value == 100 }?.start == ISO8601DateFormatter().date(from: "2019-05-16T03:50:00Z"))
            #expect(try await fixture.daily(.steps, from: "2019-05-14", to: "2019-05-18") == ["2019-05-15": 100, "2019-05-16": 600])
            await fixture.close()
        }
    }

    @Test("refused before a job begins, with what to pass: the CDA document, a .gz, a folder without export.xml; a folder with one is read",
          .enabled(if: RealData.shouldRun("apple-health"), "no ../shared/real-data/apple-health"))
    func refusals() async throws {
        let fixture = try await HealthFixture("real-refusals", timeZone: "UTC")
        try await fixture.grant(.steps, .bodyMass, .distance, .dietaryWater)
        let cda = try fixture.quench(["import", "apple-health", try Self.export("rgosdin_export_cda.xml")])
        #expect(cda.status == 64 && cda.stderr.contains("export.xml beside it"), "\(cda.stderr)")
        #expect(!cda.stderr.contains("stays imported"))

        let work = fixture.service.dataDirectory
        let gz = work.appendingPathComponent("export.xml.gz")
        let gzip = try ChildCommand("/bin/sh", arguments: ["-c", "gzip -c '\(try Self.export("kylemneal_export.xml"))' > '\(gz.path)'"]).spawn()
        gzip.wait()
        let gzRun = try fixture.quench(["import", "apple-health", gz.path])
        #expect(gzRun.status == 64 && gzRun.stderr.contains("gunzip"), "\(gzRun.stderr)")

        let folder = work.appendingPathComponent("apple_health_export")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("export_cda.xml").path, withDestinationPath: try Self.export("rgosdin_export_cda.xml"))
        let noExport = try fixture.quench(["import", "apple-health", folder.path])
        #expect(noExport.status == 64 && noExport.stderr.contains("folder without an Apple Health export.xml"), "\(noExport.stderr)")
        let jobs: ImportStatusReply = try await fixture.query(MessageDescriptor.importStatus.name, ImportStatusRequest())
        #expect(jobs.jobs.isEmpty, "no job left behind by a refusal: \(jobs.jobs)")

        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("export.xml").path, withDestinationPath: try Self.export("jdecool_exporter_frFR.xml"))
        let read = try fixture.quench(["import", "apple-health", folder.path, "--json"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(try read.json()["imported"] as? Int == 3)
        await fixture.close()
    }
}
