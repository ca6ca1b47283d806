import Foundation
import HealthImport
import Testing

@Suite struct GeneratorRoundTripTests {
    @Test(arguments: [(false, false), (false, true), (true, false), (true, true)])
    func generatedExportParsesBackToItsManifest(zip: Bool, quirks: Bool) throws {
        let path = TestSupport.temporaryPath(zip ? "export.zip" : "export.xml")
        let manifest = try AppleHealthExportGenerator.write(records: 12_000, to: path, seed: 99, zip: zip, quirks: quirks)
        var delivered = 0
        var controlCharacters = 0
        let summary = try AppleHealthParser().parse(path: path) { record in
            delivered += 1
            if record.sourceName.unicodeScalars.contains(where: { $0.value < 0x20 }) { controlCharacters += 1 }
            #expect(record.endDate >= record.startDate)
        }
        #expect(summary.recordsSeen == manifest.topLevelRecords)
        #expect(summary.recordsSeen == 12_000)
        #expect(summary.recordsByKind == manifest.recordsByKind)
        #expect(summary.otherTypes == manifest.otherTypes)
        #expect(summary.correlationChildrenIgnored == manifest.correlationChildren)
        #expect(summary.malformedRecords.isEmpty)
        #expect(summary.exportVersion == "12")
        #expect(delivered == manifest.recordsByKind.values.reduce(0, +))
        #expect((controlCharacters > 0) == quirks)
        if zip {
            #expect(manifest.zipEntryName == (quirks ? "apple_health_export/exportación.xml" : "apple_health_export/export.xml"))
        }
    }

    @Test func generatorIsDeterministic() throws {
        let a = TestSupport.temporaryPath("a.xml")
        let b = TestSupport.temporaryPath("b.xml")
        try AppleHealthExportGenerator.write(records: 2000, to: a, seed: 5, quirks: true)
        try AppleHealthExportGenerator.write(records: 2000, to: b, seed: 5, quirks: true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    }

    @Test("every instant of a generated export is in the past, the last ones just before the fixed end")
    func generatedDatesAreInThePast() throws {
        let path = TestSupport.temporaryPath("past.xml")
        try AppleHealthExportGenerator.write(records: 12_000, to: path, seed: 7)
        let end = Date(timeIntervalSince1970: TimeInterval(AppleHealthExportGenerator.lastInstant))
        #expect(end < Date())
        var earliest = Date.distantFuture
        var latest = Date.distantPast
        var sources: Set<String> = []
        let summary = try AppleHealthParser().parse(path: path) { record in
            for instant in [record.startDate, record.endDate, record.creationDate ?? record.startDate] {
                #expect(instant <= end)
            }
            earliest = min(earliest, record.startDate)
            latest = max(latest, record.endDate)
            sources.insert(record.sourceName)
        }
        #expect(summary.exportDate == end)
        // 40–280 s between records: 12,000 span about 22 days and end within the last two hours.
        #expect(latest > end.addingTimeInterval(-7200))
        #expect(earliest < end.addingTimeInterval(-15 * 86400) && earliest > end.addingTimeInterval(-40 * 86400))
        #expect(sources == ["Anna's iPhone", "Anna's Apple Watch"])
    }

    @Test func workoutLogGeneratorParsesBack() throws {
        let path = TestSupport.temporaryPath("log.csv")
        let written = try WorkoutLogGenerator.write(lines: 5000, to: path, seed: 1, badEvery: 50)
        let result = try WorkoutLogParser().parse(path: path) { _ in }
        #expect(result.lines == 5000)
        #expect(result.bad == written.bad)
        #expect(written.bad == 100)
    }
}
