import Foundation
import ZIPFoundation
import QuenchProtocol

/// Writes realistic synthetic Apple Health exports for tests and benchmarks.
///
/// The output has Apple's prolog and version-12 style inline DTD, `<HealthData locale="en_US">`,
/// `<ExportDate>`, `<Me>`, then a mix of `Record` types (steps from an iPhone and an overlapping
/// Apple Watch, body mass, distance, dietary water, heart rate, active energy, …), some with
/// `MetadataEntry` or `HeartRateVariabilityMetadataList` children, `Correlation` elements holding
/// records, `Workout` and `ActivitySummary` elements. It is streamed to disk and depends only on the seed.
///
/// Every instant is in the past: records follow each other 40–280 s apart (a heavy user with a
/// Watch; 1,000,000 records span about five years; larger exports are denser, so that they
/// never span more than 15 years) and the last one ends shortly before ``lastInstant``, a
/// fixed date, so the same seed always writes the same file.
public enum AppleHealthExportGenerator {
    /// No instant in a generated export is later than this (2025-12-31 23:00:00 UTC); the
    /// `ExportDate` is this instant.
    public static let lastInstant: Int64 = 1_767_222_000

    /// The longest span after a record's base instant that the export writes (a workout: 1800 s,
    /// then its creation date).
    private static let tail: Int64 = 3600

    /// Writes an export with `records` top-level `Record` elements.
    ///
    /// - Parameters:
    ///   - zip: write `export.zip` (deflate) instead of plain XML.
    ///   - quirks: add the malformed DTD lines, stray control characters in attribute values and,
    ///     in a zip, an `export_cda.xml` entry before a localised `exportación.xml`.
    /// - Returns: the counts written, for checking a parse.
    @discardableResult
    public static func write(records: Int, to path: String, seed: UInt64, zip: Bool = false, quirks: Bool = false) throws -> GeneratedExportManifest {
        let xmlPath = zip ? path + ".xml.tmp" : path
        var manifest = try writeXML(records: records, to: xmlPath, seed: seed, quirks: quirks)
        guard zip else { return manifest }
        defer { try? FileManager.default.removeItem(atPath: xmlPath) }
        let entryName = quirks ? "apple_health_export/exportación.xml" : "apple_health_export/export.xml"
        try? FileManager.default.removeItem(atPath: path)
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        if quirks {
            let cda = Data("""
                <?xml version="1.0" encoding="UTF-8"?>
                <ClinicalDocument xmlns="urn:hl7-org:v3"><title>Health Data</title></ClinicalDocument>

                """.utf8)
            try archive.addEntry(with: "apple_health_export/export_cda.xml", type: .file, uncompressedSize: Int64(cda.count),
                                 compressionMethod: .deflate) { position, size in
                cda.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        let input = try InputFile(path: xmlPath)
        try archive.addEntry(with: entryName, type: .file, uncompressedSize: input.size, compressionMethod: .deflate,
                             bufferSize: 1 << 20) { position, size in
            Data(try input.bytes(at: position, count: size))
        }
        manifest.zipEntryName = entryName
        return manifest
    }

    private static let otherTypes = [
        "HKQuantityTypeIdentifierHeartRate", "HKQuantityTypeIdentifierActiveEnergyBurned",
        "HKQuantityTypeIdentifierBasalEnergyBurned", "HKQuantityTypeIdentifierFlightsClimbed",
        "HKQuantityTypeIdentifierHeartRateVariabilitySDNN", "HKCategoryTypeIdentifierSleepAnalysis",
    ]

    private static func writeXML(records: Int, to path: String, seed: UInt64, quirks: Bool) throws -> GeneratedExportManifest {
        var rng = SplitMix64(seed: seed)
        var manifest = GeneratedExportManifest()
        let out = try BufferedFileWriter(path: path)
        try out.write(prolog(quirks: quirks))
        let spacing = Spacing(records: records)
        var epoch = firstInstant(records: records, seed: seed, spacing: spacing)
        var gaps = SplitMix64(seed: gapSeed(seed))
        var lastDay = -1
        for r in 0..<records {
            epoch += spacing.gap(&gaps)
            let offset = dstOffset(epoch)
            let day = Int((epoch + Int64(offset)) / 86400)
            if day != lastDay, lastDay >= 0 {
                try out.write(activitySummary(day: lastDay, rng: &rng))
            }
            lastDay = day
            if r > 0, r % 2000 == 0 {
                try out.write(correlation(epoch: epoch, offset: offset, rng: &rng))
                manifest.correlationChildren += 2
            }
            if r > 0, r % 1000 == 500 {
                try out.write(workout(epoch: epoch, offset: offset, rng: &rng))
            }
            let roll = rng.below(100)
            let text: String
            switch roll {
            case 0..<22:
                text = record(.steps, epoch: epoch, offset: offset, length: 300 + rng.below(600), value: "\(10 + rng.below(900))",
                              unit: "count", watch: false, quirks: quirks, rng: &rng)
                manifest.recordsByKind[.steps, default: 0] += 1
            case 22..<36:
                text = record(.steps, epoch: epoch - 200, offset: offset, length: 60 + rng.below(300), value: "\(5 + rng.below(400))",
                              unit: "count", watch: true, quirks: quirks, rng: &rng)
                manifest.recordsByKind[.steps, default: 0] += 1
            case 36..<50:
                let units = ["km", "mi", "m"]
                text = record(.distance, epoch: epoch, offset: offset, length: 300, value: "0.\(100 + rng.below(899))",
                              unit: units[rng.below(units.count)], watch: rng.below(2) == 0, quirks: quirks, rng: &rng)
                manifest.recordsByKind[.distance, default: 0] += 1
            case 50..<52:
                let pounds = rng.below(3) == 0
                text = record(.bodyMass, epoch: epoch, offset: offset, length: 0,
                              value: pounds ? "\(140 + rng.below(60)).\(rng.below(10))" : "\(60 + rng.below(30)).\(rng.below(100))",
                              unit: pounds ? "lb" : "kg", watch: false, quirks: quirks, rng: &rng)
                manifest.recordsByKind[.bodyMass, default: 0] += 1
            case 52..<60:
                let units = ["mL", "L", "fl_oz_us"]
                let unit = units[rng.below(units.count)]
                text = record(.dietaryWater, epoch: epoch, offset: offset, length: 0,
                              value: unit == "mL" ? "\(100 + rng.below(400))" : "0.\(rng.below(9) + 1)\(rng.below(10))",
                              unit: unit, watch: false, quirks: quirks, rng: &rng)
                manifest.recordsByKind[.dietaryWater, default: 0] += 1
            default:
                let type = roll < 80 ? otherTypes[0] : roll < 94 ? otherTypes[1] : otherTypes[2 + rng.below(otherTypes.count - 2)]
                text = otherRecord(type: type, epoch: epoch, offset: offset, rng: &rng)
                manifest.otherTypes[type, default: 0] += 1
            }
            manifest.topLevelRecords += 1
            try out.write(text)
        }
        try out.write("</HealthData>\n")
        try out.flush()
        return manifest
    }

    /// The base instant before the first record, chosen so that the last one (and anything
    /// written after it) ends before ``lastInstant``: the gaps come from their own generator,
    /// summed once before writing.
    private static func firstInstant(records: Int, seed: UInt64, spacing: Spacing) -> Int64 {
        var gaps = SplitMix64(seed: gapSeed(seed))
        var span: Int64 = 0
        for _ in 0..<records {
            span += spacing.gap(&gaps)
        }
        return lastInstant - tail - span
    }

    private static func gapSeed(_ seed: UInt64) -> UInt64 { seed ^ 0x6761_7073_6761_7073 }

    /// Seconds between consecutive records: uniform in [mean/4, 7·mean/4], mean 160 s, or
    /// less for exports so large that they would otherwise span more than 15 years.
    private struct Spacing {
        let low: Int
        let width: Int

        init(records: Int) {
            let mean = max(4, min(160, 473_040_000 / max(records, 1)))
            low = mean / 4
            width = mean * 3 / 2 + 1
        }

        @inline(__always)
        func gap(_ rng: inout SplitMix64) -> Int64 { Int64(low + rng.below(width)) }
    }

    private static func dstOffset(_ epoch: Int64) -> Int {
        let month = LocalDay(ordinal: Int(epoch / 86400)).month
        return (4...10).contains(month) ? -25200 : -28800
    }

    /// Formats like Apple's export: `2020-10-11 08:00:00 -0700`.
    private static func stamp(_ epoch: Int64, _ offset: Int) -> String {
        let local = Int(epoch) + offset
        let days = local >= 0 ? local / 86400 : (local - 86399) / 86400
        let secs = local - days * 86400
        let sign = offset < 0 ? "-" : "+"
        let off = abs(offset)
        return "\(LocalDay(ordinal: days)) \(pad(secs / 3600)):\(pad(secs / 60 % 60)):\(pad(secs % 60)) \(sign)\(pad(off / 3600))\(pad(off / 60 % 60))"
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    private static func device(watch: Bool, rng: inout SplitMix64) -> String {
        let address = String(rng.next() & 0xF_FFFF_FFFF, radix: 16)
        return watch
            ? "&lt;&lt;HKDevice: 0x\(address)&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch5,4, software:7.0.1&gt;"
            : "&lt;&lt;HKDevice: 0x\(address)&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone12,1, software:14.0&gt;"
    }

    private static func record(
        _ kind: HealthRecordKind, epoch: Int64, offset: Int, length: Int, value: String, unit: String,
        watch: Bool, quirks: Bool, rng: inout SplitMix64
    ) -> String {
        var source = watch ? "Anna&apos;s Apple Watch" : "Anna&apos;s iPhone"
        var deviceText = device(watch: watch, rng: &rng)
        if quirks, rng.below(50) == 0 {
            source = watch ? "Anna\u{0B}s Apple Watch" : "Anna&apos;s\u{0B} iPhone"
            deviceText += "\u{01}"
        }
        let version = watch ? "7.0.1" : "14.0"
        let created = stamp(epoch + Int64(length) + 60, offset)
        let start = stamp(epoch, offset)
        let end = stamp(epoch + Int64(length), offset)
        let head = "<Record type=\"\(kind.hkIdentifier)\" sourceName=\"\(source)\" sourceVersion=\"\(version)\" device=\"\(deviceText)\" unit=\"\(unit)\" creationDate=\"\(created)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\""
        if kind == .bodyMass || kind == .dietaryWater, rng.below(4) == 0 {
            return " \(head)>\n  <MetadataEntry key=\"HKWasUserEntered\" value=\"1\"/>\n </Record>\n"
        }
        return " \(head)/>\n"
    }

    private static func otherRecord(type: String, epoch: Int64, offset: Int, rng: inout SplitMix64) -> String {
        let start = stamp(epoch, offset)
        let end = stamp(epoch + 60, offset)
        let head = " <Record type=\"\(type)\" sourceName=\"Anna&apos;s Apple Watch\" sourceVersion=\"7.0.1\" device=\"\(device(watch: true, rng: &rng))\" unit=\"count/min\" creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(50 + rng.below(90))\""
        if type.hasSuffix("HeartRateVariabilitySDNN") {
            return "\(head)>\n  <HeartRateVariabilityMetadataList>\n   <InstantaneousBeatsPerMinute bpm=\"62\" time=\"8:01:02.37 PM\"/>\n   <InstantaneousBeatsPerMinute bpm=\"64\" time=\"8:01:03.31 PM\"/>\n  </HeartRateVariabilityMetadataList>\n </Record>\n"
        }
        if rng.below(10) < 3 {
            return "\(head)>\n  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(rng.below(3))\"/>\n </Record>\n"
        }
        return "\(head)/>\n"
    }

    private static func correlation(epoch: Int64, offset: Int, rng: inout SplitMix64) -> String {
        let start = stamp(epoch, offset)
        let attrs = "sourceName=\"Blood Pressure Cuff\" sourceVersion=\"2\" creationDate=\"\(start)\" startDate=\"\(start)\" endDate=\"\(start)\""
        return """
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" \(attrs)>
              <MetadataEntry key="HKWasUserEntered" value="1"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" \(attrs) unit="mmHg" value="\(110 + rng.below(30))"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" \(attrs) unit="mmHg" value="\(70 + rng.below(20))"/>
             </Correlation>

            """
    }

    private static func workout(epoch: Int64, offset: Int, rng: inout SplitMix64) -> String {
        let start = stamp(epoch, offset)
        let end = stamp(epoch + 1800, offset)
        return """
             <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="30" durationUnit="min" totalDistance="\(2 + rng.below(3))" totalDistanceUnit="km" sourceName="Anna&apos;s Apple Watch" sourceVersion="7.0.1" creationDate="\(end)" startDate="\(start)" endDate="\(end)">
              <MetadataEntry key="HKIndoorWorkout" value="0"/>
              <WorkoutEvent type="HKWorkoutEventTypePause" date="\(start)" duration="0" durationUnit="min"/>
              <WorkoutRoute sourceName="Anna&apos;s Apple Watch" sourceVersion="7.0.1" creationDate="\(end)" startDate="\(start)" endDate="\(end)">
               <FileReference path="/workout-routes/route_\(start.prefix(10)).gpx"/>
              </WorkoutRoute>
             </Workout>

            """
    }

    private static func activitySummary(day: Int, rng: inout SplitMix64) -> String {
        let date = LocalDay(ordinal: day).description
        return " <ActivitySummary dateComponents=\"\(date)\" activeEnergyBurned=\"\(200 + rng.below(400))\" activeEnergyBurnedGoal=\"400\" activeEnergyBurnedUnit=\"Cal\" appleExerciseTime=\"\(rng.below(60))\" appleExerciseTimeGoal=\"30\" appleStandHours=\"\(rng.below(14))\" appleStandHoursGoal=\"12\"/>\n"
    }

    private static func prolog(quirks: Bool) -> String {
        let broken = quirks ? """
            <!ATTLIST Record
              type          CDATA #REQUIRED
              unit          CDATA "unbalanced
              value         CDATA #IMPLIED
            <!ATTLIST Workout durationUnit CDATA #IMPLIED workoutActivityType CDATA #REQUIRED
            <!ENTITY % broken "<!ELEMENT Bad (#PCDATA)>
            <!ATTLIST InstantaneousBeatsPerMinute bpm CDATA #REQUIRED time CDATA #REQUIRED>>

            """ : ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 12 -->
            <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription)*)>
            <!ATTLIST HealthData
              locale CDATA #REQUIRED
            >
            <!ELEMENT ExportDate EMPTY>
            <!ATTLIST ExportDate
              value CDATA #REQUIRED
            >
            <!ELEMENT Me EMPTY>
            <!ATTLIST Me
              HKCharacteristicTypeIdentifierDateOfBirth         CDATA #REQUIRED
              HKCharacteristicTypeIdentifierBiologicalSex       CDATA #REQUIRED
            >
            <!ELEMENT Record ((MetadataEntry|HeartRateVariabilityMetadataList)*)>
            \(broken)<!ATTLIST Record
              type          CDATA #REQUIRED
              unit          CDATA #IMPLIED
              sourceName    CDATA #REQUIRED
              sourceVersion CDATA #IMPLIED
              device        CDATA #IMPLIED
              creationDate  CDATA #IMPLIED
              startDate     CDATA #REQUIRED
              endDate       CDATA #REQUIRED
              value         CDATA #IMPLIED
            >
            <!ELEMENT Correlation ((MetadataEntry|Record)*)>
            <!ELEMENT Workout ((MetadataEntry|WorkoutEvent|WorkoutRoute|WorkoutStatistics)*)>
            <!ELEMENT ActivitySummary EMPTY>
            ]>
            <HealthData locale="en_US">
             <ExportDate value="\(stamp(lastInstant, -28800))"/>
             <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-04-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale" HKCharacteristicTypeIdentifierBloodType="HKBloodTypeNotSet" HKCharacteristicTypeIdentifierFitzpatrickSkinType="HKFitzpatrickSkinTypeNotSet" HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse="None"/>

            """
    }
}
