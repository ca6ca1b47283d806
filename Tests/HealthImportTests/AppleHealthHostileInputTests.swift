import Foundation
import HealthImport
import Testing

@Suite struct AppleHealthHostileInputTests {
    @Test func billionLaughsIsNeverExpanded() throws {
        var dtd = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            dtd += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n"
        }
        dtd += "]>\n"
        let xml = dtd + """
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="&lol9;" unit="count" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700" value="1"/>
            </HealthData>
            """
        var records: [HealthRecord] = []
        let summary = try AppleHealthParser().parse(bytes: [Array(xml.utf8)]) { records.append($0) }
        #expect(records.map(\.sourceName) == ["&lol9;"])
        #expect(summary.recordsSeen == 1)
    }

    @Test func elementOverLimitFailsWithItsOffset() throws {
        let before = SampleExport.prolog + "<HealthData locale=\"en_US\">\n" + """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="ok" unit="count" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700" value="1"/>

            """
        let huge = "<Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"" + String(repeating: "x", count: 50_000) + "\"/>\n</HealthData>\n"
        let limits = AppleHealthLimits(maxElementBytes: 4096)
        for chunkSize in [1000, 1 << 20] {
            let (records, result) = TestSupport.collect {
                try AppleHealthParser(limits: limits).parse(bytes: TestSupport.chunks(before + huge, size: chunkSize), onRecord: $0)
            }
            #expect(records.count == 1)
            let error = try #require(result.failureAs(AppleHealthImportError.self))
            #expect(error.byteOffset == Int64(before.utf8.count))
            #expect(error.reason.contains("maxElementBytes"))
        }
    }

    @Test func unclosedCommentOrDTDIsTruncation() throws {
        for text in ["<?xml version=\"1.0\"?><!DOCTYPE HealthData [ <!ENTITY a \"b\">", "<HealthData><!-- never closed"] {
            let error = #expect(throws: AppleHealthImportError.self) {
                try AppleHealthParser().parse(bytes: [Array(text.utf8)]) { _ in }
            }
            #expect(error != nil)
        }
    }

    @Test func deepNestingIsRefused() throws {
        let xml = "<HealthData>" + String(repeating: "<a>", count: 10_000)
        let error = #expect(throws: AppleHealthImportError.self) {
            try AppleHealthParser().parse(bytes: [Array(xml.utf8)]) { _ in }
        }
        #expect(error?.reason.contains("nested") == true)
    }

    @Test func malformedTagReportsPosition() throws {
        let xml = "<HealthData>\n<Record type=HKQuantityTypeIdentifierStepCount/>\n</HealthData>"
        let error = #expect(throws: AppleHealthImportError.self) {
            try AppleHealthParser().parse(bytes: [Array(xml.utf8)]) { _ in }
        }
        #expect(error?.line == 2)
    }
}
