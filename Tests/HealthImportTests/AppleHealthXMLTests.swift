import Foundation
import HealthImport
import Testing

@Suite struct AppleHealthXMLTests {
    @Test func sampleFileGivesExactRecordsAndSummary() throws {
        let path = try TestSupport.write(SampleExport.xml, named: "Export.xml")
        var progressCalls = 0
        var records: [HealthRecord] = []
        let summary = try AppleHealthParser().parse(path: path, progress: { read, total in
            progressCalls += 1
            #expect(read <= total)
        }) { records.append($0) }
        #expect(records == SampleExport.records)
        #expect(summary == SampleExport.summary)
        #expect(progressCalls > 0)
    }

    @Test(arguments: [1, 2, 7, 64, 1000])
    func chunkBoundariesDoNotMatter(size: Int) throws {
        var records: [HealthRecord] = []
        let summary = try AppleHealthParser().parse(bytes: TestSupport.chunks(SampleExport.xml, size: size)) { records.append($0) }
        #expect(records == SampleExport.records)
        #expect(summary == SampleExport.summary)
    }

    @Test func byteOrderMarkCRLFAndNoDTDAreAccepted() throws {
        let xml = "\u{FEFF}<?xml version=\"1.0\"?>\r\n" + SampleExport.body.replacingOccurrences(of: "\n", with: "\r\n")
        var records: [HealthRecord] = []
        let summary = try AppleHealthParser().parse(bytes: [Array(xml.utf8)]) { records.append($0) }
        #expect(records == SampleExport.records)
        #expect(summary.exportVersion == nil)
        #expect(summary.recordsSeen == 8)
    }

    @Test func truncatedXMLFailsWithOffsetAfterDeliveringEarlierRecords() throws {
        let cutAt = SampleExport.xml.range(of: "<Record type=\"HKQuantityTypeIdentifierDistanceWalkingRunning\"")!
        let head = String(SampleExport.xml[..<cutAt.lowerBound])
        let truncated = head + "<Record type=\"HKQuantityTypeIdentifierDistanceWalking"
        let path = try TestSupport.write(truncated)
        let (records, result) = TestSupport.collect { try AppleHealthParser().parse(path: path, onRecord: $0) }
        #expect(records == Array(SampleExport.records.prefix(2)))
        let error = try #require(result.failureAs(AppleHealthImportError.self))
        #expect(error.byteOffset == Int64(head.utf8.count))
        #expect(error.line == head.filter { $0 == "\n" }.count + 1)
        #expect(error.reason.contains("truncated"))
    }

    @Test func missingHealthDataEndTagIsTruncation() throws {
        let xml = SampleExport.xml.replacingOccurrences(of: "</HealthData>", with: "")
        let (records, result) = TestSupport.collect { try AppleHealthParser().parse(bytes: [Array(xml.utf8)], onRecord: $0) }
        #expect(records == SampleExport.records)
        let error = try #require(result.failureAs(AppleHealthImportError.self))
        #expect(error.byteOffset == Int64(xml.utf8.count))
    }

    @Test(arguments: [
        "hello, world\n",
        "",
        "<?xml version=\"1.0\"?><ClinicalDocument xmlns=\"urn:hl7-org:v3\"></ClinicalDocument>",
        "\u{89}PNG\r\n\u{1A}\n",
        "<?xml version=\"1.0\"?>\n<!-- only a comment -->\n",
    ])
    func nonExportsAreRejected(text: String) throws {
        let path = try TestSupport.write(text, named: "export.xml")
        let error = #expect(throws: AppleHealthImportError.self) { try AppleHealthParser().parse(path: path) { _ in } }
        #expect(error?.reason.hasPrefix("not an Apple Health export") == true)
    }

    @Test func callerErrorsStopTheParse() throws {
        struct Stop: Error {}
        var seen = 0
        #expect(throws: Stop.self) {
            try AppleHealthParser().parse(bytes: [Array(SampleExport.xml.utf8)]) { _ in
                seen += 1
                if seen == 2 { throw Stop() }
            }
        }
        #expect(seen == 2)
    }
}

extension Result {
    func failureAs<E: Error>(_: E.Type) -> E? {
        if case .failure(let error) = self { return error as? E }
        return nil
    }
}
