import Foundation
import HealthImport
import Testing

@Suite struct AppleHealthZipTests {
    static let cda = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <ClinicalDocument xmlns="urn:hl7-org:v3"><title>Health Data</title></ClinicalDocument>
        """.utf8)

    @Test(arguments: ["apple_health_export/exportación.xml", "apple_health_export/Export.xml", "data/blob.bin"])
    func exportEntryIsFoundByContentNotName(entryName: String) throws {
        let path = try TestSupport.zip([
            (name: "apple_health_export/export_cda.xml", bytes: Self.cda),
            (name: "apple_health_export/electrocardiograms/ecg.csv", bytes: Array("Name,Anna\n".utf8)),
            (name: entryName, bytes: Array(SampleExport.xml.utf8)),
        ], named: "upload.bin")
        var records: [HealthRecord] = []
        var lastProgress: (Int64, Int64) = (0, 0)
        let summary = try AppleHealthParser().parse(path: path, progress: { lastProgress = ($0, $1) }) { records.append($0) }
        #expect(records == SampleExport.records)
        var expected = SampleExport.summary
        expected.bytesRead = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int).int64
        #expect(summary == expected)
        #expect(lastProgress.0 > 0 && lastProgress.0 <= lastProgress.1)
    }

    @Test func zipWithoutHealthDataIsNotAnExport() throws {
        let path = try TestSupport.zip([(name: "apple_health_export/export_cda.xml", bytes: Self.cda)])
        let error = #expect(throws: AppleHealthImportError.self) { try AppleHealthParser().parse(path: path) { _ in } }
        #expect(error?.reason.hasPrefix("not an Apple Health export") == true)
    }

    @Test func truncatedZipFailsWithOffsetAfterDeliveringEarlierRecords() throws {
        let xmlPath = TestSupport.temporaryPath("big.xml")
        let manifest = try AppleHealthExportGenerator.write(records: 20_000, to: xmlPath, seed: 3)
        let zipPath = try TestSupport.zip([
            (name: "apple_health_export/export_cda.xml", bytes: Self.cda),
            (name: "apple_health_export/export.xml", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: xmlPath)))),
        ])
        let whole = try Data(contentsOf: URL(fileURLWithPath: zipPath))
        let cut = whole.count * 6 / 10
        try whole.prefix(cut).write(to: URL(fileURLWithPath: zipPath))
        let (records, result) = TestSupport.collect { try AppleHealthParser().parse(path: zipPath, onRecord: $0) }
        let kept = manifest.recordsByKind.values.reduce(0, +)
        #expect(records.count > kept / 3)
        #expect(records.count < kept)
        let error = try #require(result.failureAs(AppleHealthImportError.self))
        #expect(error.reason.contains("truncated"))
        #expect(error.byteOffset == Int64(cut))
    }

    @Test func zipBombOverUncompressedLimitIsRefused() throws {
        let xml = "<HealthData locale=\"en_US\">" + String(repeating: " ", count: 8 << 20) + "</HealthData>"
        let path = try TestSupport.zip([(name: "export.xml", bytes: Array(xml.utf8))])
        let limits = AppleHealthLimits(maxUncompressedBytes: 1 << 20, maxCompressionRatio: 1e9)
        let error = #expect(throws: AppleHealthImportError.self) { try AppleHealthParser(limits: limits).parse(path: path) { _ in } }
        #expect(error?.reason.contains("zip bomb") == true)
    }

    @Test func zipBombOverRatioIsRefused() throws {
        let xml = "<HealthData locale=\"en_US\">" + String(repeating: " ", count: 8 << 20) + "</HealthData>"
        let path = try TestSupport.zip([(name: "export.xml", bytes: Array(xml.utf8))])
        let error = #expect(throws: AppleHealthImportError.self) { try AppleHealthParser().parse(path: path) { _ in } }
        #expect(error?.reason.contains("zip bomb") == true)
        #expect(error?.reason.contains("ratio") == true || error?.reason.contains("times") == true)
    }

    @Test func chunkAPIRefusesZip() throws {
        let path = try TestSupport.zip([(name: "export.xml", bytes: Array(SampleExport.xml.utf8))])
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(throws: AppleHealthImportError.self) { try AppleHealthParser().parse(bytes: [bytes]) { _ in } }
    }
}

extension Int {
    var int64: Int64 { Int64(self) }
}
