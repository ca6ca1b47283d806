import Foundation
import HealthImport
import QuenchTestSupport
import Testing

/// Every real export in ../shared/real-data/apple-health (iOS 8 → current, several locales,
/// zips, a CDA file; provenance in SOURCES-apple-health-and-workouts.md) parsed, and compared
/// with what Tests/python/apple_health_expect.py (xml.etree, nothing shared with Quench)
/// expects: every top-level element counted, every record of the four kinds delivered or
/// counted as malformed, steps and distance per day on the record's own day, each weight.
@Suite("Apple Health: the real exports", .enabled(if: RealData.shouldRun("apple-health"), "no ../shared/real-data/apple-health"))
struct AppleHealthRealExportTests {
    static var files: [String] {
        guard let folder = try? RealData.require("apple-health"),
              let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".xml") || $0.hasSuffix(".zip") }.sorted()
    }

    static let metres: [String: Double] = ["m": 1, "km": 1000, "mi": 1609.344, "ft": 0.3048, "yd": 0.9144, "cm": 0.01]
    static let kilograms: [String: Double] = ["kg": 1, "lb": 0.45359237, "g": 0.001, "st": 6.35029318]

    /// The calendar day of `record` at its own written offset, with Foundation's calendar.
    static func ownDay(_ record: HealthRecord) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: record.utcOffsetSeconds)!
        let parts = calendar.dateComponents([.year, .month, .day], from: record.startDate)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// `a` plus `b`, day by day (the figures of distinct records plus those of their duplicates).
    static func plus(_ a: Any?, _ b: Any?) -> [String: Double] {
        (a as? [String: Double] ?? [:]).merging(b as? [String: Double] ?? [:], uniquingKeysWith: +)
    }

    static func close(_ a: [String: Double], _ b: [String: Double]) -> Bool {
        a.keys.sorted() == b.keys.sorted() && a.allSatisfy { abs($0.value - (b[$0.key] ?? .nan)) <= 1e-6 * max(1, abs($0.value)) }
    }

    @Test("there are real exports to test", .enabled(if: RealData.shouldRun("apple-health")))
    func present() throws {
        _ = try RealData.require("apple-health")
        #expect(Self.files.count >= 10, "\(Self.files)")
    }

    @Test("each real export parses to the figures the independent script computes", arguments: files)
    func matchesExpectation(file: String) throws {
        let path = try RealData.require("apple-health").appendingPathComponent(file).path
        let expected = try RealData.python("apple_health_expect.py", [path])
        let elements = (expected["elements"] as? [String: Int]) ?? [:]
        guard expected["root"] as? String == "HealthData" else {
            // The clinical document: refused before anything is read, saying what to pass.
            let error = #expect(throws: AppleHealthImportError.self) { try AppleHealthParser().resolveInput(path: path) }
            #expect(error?.reason.contains("export.xml beside it") == true, "\(String(describing: error))")
            return
        }
        #expect(try AppleHealthParser().resolveInput(path: path) == path)
        var records: [HealthRecord] = []
        let summary = try AppleHealthParser().parse(path: path) { records.append($0) }

        // Every element of the top level accounted for.
        #expect(summary.recordsSeen == elements["Record"] ?? 0)
        var others = elements
        others["Record"] = nil
        #expect(summary.otherElements == others)

        // Every record of the four kinds delivered, or counted as malformed.
        let kinds = (expected["kinds"] as? [String: Int]) ?? [:]
        var delivered: [String: Int] = [:]
        for record in records { delivered[record.kind.rawValue, default: 0] += 1 }
        let malformed = summary.malformedRecords.values.reduce(0, +)
        #expect(malformed == expected["malformed"] as? Int, "\(summary.malformedRecords)")
        #expect(delivered.values.reduce(0, +) + malformed == kinds.values.reduce(0, +), "\(delivered) vs \(kinds)")
        if malformed == 0 { #expect(delivered == kinds) }

        // Steps and distance per day, on each record's own day; weights in file order.
        var steps: [String: Double] = [:], distance: [String: Double] = [:]
        var weights: [[String]] = []
        for record in records {
            let day = Self.ownDay(record)
            switch record.kind {
            case .steps: steps[day, default: 0] += record.value
            case .distance: distance[day, default: 0] += record.value * (try #require(Self.metres[record.unit]))
            case .bodyMass: weights.append([day, String(format: "%.6f", record.value * (try #require(Self.kilograms[record.unit])))])
            case .dietaryWater: break
            }
        }
        // The parser delivers every record; the script sets records identical to an earlier one apart.
        let duplicates = (expected["duplicates"] as? [String: Any]) ?? [:]
        #expect(Self.close(steps, Self.plus(expected["stepsByDay"], duplicates["stepsByDay"])), "steps by day")
        #expect(Self.close(distance, Self.plus(expected["distanceByDay"], duplicates["distanceByDay"])), "distance by day")
        let expectedWeights = (((expected["weights"] as? [[Any]]) ?? []) + ((duplicates["weights"] as? [[Any]]) ?? []))
            .map { ["\($0[0])", String(format: "%.6f", $0[1] as! Double)] }
        #expect(weights.map { $0.joined(separator: " ") }.sorted() == expectedWeights.map { $0.joined(separator: " ") }.sorted())
    }

    @Test("the iOS 8 exports: source= and compact dates read, offsets kept (2014 at -0800, 2015 at +0100)")
    func iOS8() throws {
        let folder = try RealData.require("apple-health")
        var records: [HealthRecord] = []
        let summary = try AppleHealthParser().parse(path: folder.appendingPathComponent("ericwolter_export_ios8.xml").path) { records.append($0) }
        #expect(summary.malformedRecords.isEmpty)
        #expect(records.count == 1144 && Set(records.map(\.utcOffsetSeconds)) == [3600])
        let weight = try #require(records.first { $0.kind == .bodyMass })
        // 20150603050200+0100
        #expect(weight.startDate == ISO8601DateFormatter().date(from: "2015-06-03T05:02:00+01:00"))
        #expect(weight.sourceName == "Health" && weight.value == 71.1 && weight.unit == "kg")
        var old: [HealthRecord] = []
        _ = try AppleHealthParser().parse(path: folder.appendingPathComponent("brianerdelyi_export_2014.xml").path) { old.append($0) }
        #expect(old.count == 534 && old.allSatisfy { $0.utcOffsetSeconds == -28_800 && $0.sourceName == "AppleHealthDevice" })
    }
}

/// Which real-data tests run: a data set decides for its own tests, so a real-data folder
/// holding only some sets skips the others instead of failing them on missing files.
@Suite("Real data: skipped or failed by data set")
struct RealDataSelectionTests {
    @Test("a data set that is absent skips its tests outside CI and fails them under CI=true; a present one runs")
    func perDataSet() throws {
        let ci = ProcessInfo.processInfo.environment["CI"] == "true"
        #expect(RealData.shouldRun("no-such-data-set") == ci)
        if ci {
            let error = #expect(throws: RealDataMissing.self) { try RealData.require("no-such-data-set") }
            #expect(error?.description.contains(RealData.folder == nil ? "is absent and CI=true" : "no-such-data-set") == true, "\(String(describing: error))")
        }
        if let folder = RealData.folder, FileManager.default.fileExists(atPath: folder.appendingPathComponent("apple-health/rgosdin_export.xml").path) {
            #expect(RealData.shouldRun("apple-health"))
        }
    }
}
