import Foundation
import HealthImport
import Testing

/// Generated exports in every generation's dialect: the iOS 8 attribute names and compact
/// dates, its metadata keys written as attributes with spaces, the iOS 16 DTD with an
/// unclosed declaration, localised file names, travel across offsets; and the inputs that
/// are refused before anything is read, with what to pass instead.
@Suite struct AppleHealthGenerationsTests {
    static func epoch(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    static func parse(_ xml: String) throws -> ([HealthRecord], AppleHealthSummary) {
        var records: [HealthRecord] = []
        let summary = try AppleHealthParser().parse(bytes: TestSupport.chunks(xml, size: 97)) { records.append($0) }
        return (records, summary)
    }

    @Test("iOS 8: source= instead of sourceName=, yyyyMMddHHmmss±HHMM dates, metadata keys with spaces as attributes")
    func iOS8Dialect() throws {
        let (records, summary) = try Self.parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_DE">
             <ExportDate value="20151107171924+0100"/>
             <Record type="HKQuantityTypeIdentifierStepCount" source="Health" unit="count" creationDate="20150603050217+0100" startDate="20150603050217+0100" endDate="20150603051217+0100" value="120"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" source="Withings" unit="kg" creationDate="20150616071916-0700" startDate="20150616071820-0700" endDate="20150616071820-0700" Health Mate App Version="2.6.0" Withings User Identifier="42" HKWasUserEntered="0" value="70.5"/>
             <Record type="HKQuantityTypeIdentifierStepCount" source="Health" unit="count" startDate="20151332050217+0100" endDate="20151332050217+0100" value="1"/>
            </HealthData>
            """)
        #expect(records.count == 2)
        #expect(records[0].sourceName == "Health" && records[0].value == 120)
        #expect(records[0].startDate == Self.epoch("2015-06-03T05:02:17+01:00") && records[0].utcOffsetSeconds == 3600)
        #expect(records[0].creationDate == Self.epoch("2015-06-03T05:02:17+01:00"))
        #expect(records[1].sourceName == "Withings" && records[1].value == 70.5)
        #expect(records[1].startDate == Self.epoch("2015-06-16T07:18:20-07:00") && records[1].utcOffsetSeconds == -25_200)
        #expect(summary.malformedRecords == ["bad date: startDate": 1], "month 13 is no date")
        #expect(summary.exportDate == Self.epoch("2015-11-07T17:19:24+01:00"))
    }

    @Test("the iOS 16 export: an <!ATTLIST> left unclosed inside the DTD does not stop the import")
    func iOS16UnclosedDeclaration() throws {
        let (records, summary) = try Self.parse("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 12 -->
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
            <!ATTLIST VisionPrescription
              type             CDATA #REQUIRED
              dateIssued       CDATA #REQUIRED
              expirationDate   CDATA #IMPLIED
              brand            CDATA #IMPLIED
            <!ELEMENT RightEye EMPTY>
            ]>
            <HealthData locale="de_CH">
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2022-10-01 10:00:00 +0200" endDate="2022-10-01 10:10:00 +0200" value="900"/>
            </HealthData>
            """)
        #expect(records.map(\.value) == [900])
        #expect(summary.exportVersion == "12")
    }

    @Test("travel: each record keeps its own offset; the instant is the same whatever the offset written")
    func travel() throws {
        let (records, _) = try Self.parse("""
            <HealthData>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2019-05-15 23:50:00 -0400" endDate="2019-05-15 23:59:00 -0400" value="100"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2019-05-16 12:50:00 +0900" endDate="2019-05-16 12:59:00 +0900" value="200"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2019-05-16 09:20:00 +05:30" endDate="2019-05-16 09:29:00 +05:30" value="300"/>
            </HealthData>
            """)
        // 03:50Z on the 16th three times, written in three offsets, on three local days.
        #expect(Set(records.map(\.startDate)) == [Self.epoch("2019-05-16T03:50:00Z")])
        #expect(records.map(\.utcOffsetSeconds) == [-14_400, 32_400, 19_800])
    }

    @Test("every element kind of the top level is counted: workouts, activity summaries, correlations, metadata")
    func everyElementCounted() throws {
        let (records, summary) = try Self.parse("""
            <HealthData locale="en_US">
             <ExportDate value="2019-07-19 10:36:11 -0700"/>
             <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexMale"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" unit="count" startDate="2019-05-15 08:12:00 -0400" endDate="2019-05-15 08:20:00 -0400" value="7"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="5.19" durationUnit="min" sourceName="Apple Watch" startDate="2016-11-14 07:25:41 -0700" endDate="2016-11-14 07:30:52 -0700">
              <WorkoutEvent type="HKWorkoutEventTypePause" date="2016-11-14 07:27:00 -0700"/>
              <WorkoutRoute sourceName="iPhone"><Location latitude="1" longitude="2"/></WorkoutRoute>
             </Workout>
             <ActivitySummary dateComponents="2016-11-15" activeEnergyBurned="590"/>
             <ActivitySummary dateComponents="2016-11-16" activeEnergyBurned="610"/>
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="x" startDate="2019-05-15 08:12:00 -0400" endDate="2019-05-15 08:12:00 -0400">
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="x" unit="mmHg" startDate="2019-05-15 08:12:00 -0400" endDate="2019-05-15 08:12:00 -0400" value="120"/>
             </Correlation>
             <ClinicalRecord type="x" identifier="y" sourceName="z" fhirVersion="4.0.1" receivedDate="2019-05-15 08:12:00 -0400" resourceFilePath="/a.json"/>
            </HealthData>
            """)
        #expect(records.count == 1 && summary.recordsSeen == 1)
        #expect(summary.otherElements == [
            "ExportDate": 1, "Me": 1, "Workout": 1, "ActivitySummary": 2, "Correlation": 1, "ClinicalRecord": 1,
        ])
        #expect(summary.correlationChildrenIgnored == 1)
    }

    // MARK: - What to pass instead

    @Test("a folder holding export.xml is read as that file; one with a localised name too; export_cda.xml never")
    func folders() throws {
        let folder = URL(fileURLWithPath: TestSupport.temporaryPath("apple_health_export"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(AppleHealthZipTests.cda).write(to: folder.appendingPathComponent("export_cda.xml"))
        let empty = #expect(throws: AppleHealthImportError.self) { try AppleHealthParser().resolveInput(path: folder.path) }
        #expect(empty?.reason.contains("folder without an Apple Health export.xml") == true, "\(String(describing: empty))")
        try Data(SampleExport.xml.utf8).write(to: folder.appendingPathComponent("exportation.xml"))
        #expect(try AppleHealthParser().resolveInput(path: folder.path) == folder.appendingPathComponent("exportation.xml").path)
        try Data(SampleExport.xml.utf8).write(to: folder.appendingPathComponent("export.xml"))
        #expect(try AppleHealthParser().resolveInput(path: folder.path) == folder.appendingPathComponent("export.xml").path)
        // The folder that holds the unzipped apple_health_export/.
        #expect(try AppleHealthParser().resolveInput(path: folder.deletingLastPathComponent().path)
            == folder.appendingPathComponent("export.xml").path)
    }

    @Test("a .gz, the CDA document, a zip without an export, a text file: refused with what they are and what to pass")
    func refusals() throws {
        let gz = TestSupport.temporaryPath("export.xml.gz")
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]).write(to: URL(fileURLWithPath: gz))
        let cda = try TestSupport.write(String(decoding: AppleHealthZipTests.cda, as: UTF8.self), named: "export_cda.xml")
        let cdaZip = try TestSupport.zip([(name: "apple_health_export/export_cda.xml", bytes: AppleHealthZipTests.cda)], named: "cda-only.zip")
        let text = try TestSupport.write("Date,Exercise,Reps\n", named: "workouts.csv")
        let cases: [(String, String)] = [
            (gz, "gzip-compressed"), (cda, "export.xml beside it"), (cdaZip, "clinical document"),
            (text, "not an Apple Health export"),
        ]
        for (path, words) in cases {
            let error = #expect(throws: AppleHealthImportError.self) { try AppleHealthParser().resolveInput(path: path) }
            #expect(error?.reason.contains(words) == true, "\(path): \(String(describing: error))")
            #expect(error?.reason.contains("pass") == true || error?.reason.contains("gunzip") == true)
        }
        // A localised entry name in a zip beside the CDA document is found and accepted.
        let zip = try TestSupport.zip([
            (name: "apple_health_export/export_cda.xml", bytes: AppleHealthZipTests.cda),
            (name: "apple_health_export/exportation.xml", bytes: Array(SampleExport.xml.utf8)),
        ], named: "exportation.zip")
        #expect(try AppleHealthParser().resolveInput(path: zip) == zip)
    }
}
