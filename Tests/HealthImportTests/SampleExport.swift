import Foundation
import HealthImport

/// A small hand-written export exercising the quirks, with the records and summary it must give.
enum SampleExport {
    static let prolog = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 12 -->
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST Record
          type CDATA #REQUIRED
          unit CDATA "unbalanced
          value CDATA #IMPLIED
        <!ATTLIST Workout durationUnit CDATA #IMPLIED <broken
        <!ENTITY % broken "<!ELEMENT Bad (#PCDATA)>
        ]>

        """

    static let body = """
        <HealthData locale="en_US">
         <ExportDate value="2020-10-12 09:00:00 -0700"/>
         <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-04-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Anna&apos;s iPhone" sourceVersion="14.0" device="&lt;&lt;HKDevice: 0x283f2a5d0&gt;, name:iPhone&gt;" unit="count" creationDate="2020-10-11 08:10:00 -0700" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:05:00 -0700" value="120"/>
         <Record value='72.5' endDate="2020-10-11 07:30:00 +0100" startDate="2020-10-11 07:00:00 +0100" unit="kg" sourceName="Scale &amp; Co &#x1F600;&#65;&unknown;" futureAttribute="x>y" type="HKQuantityTypeIdentifierBodyMass">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierDistanceWalkingRunning" sourceName="Watch\u{0B}X" unit="km" startDate="2024-02-29 23:59:59 +0000" endDate="2024-02-29 23:59:59 +0000" value="1.25"></Record>
         <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700" value="61">
          <HeartRateVariabilityMetadataList>
           <InstantaneousBeatsPerMinute bpm="62" time="8:01:02.37 PM"/>
          </HeartRateVariabilityMetadataList>
         </Record>
         <!-- a comment with <Record type="HKQuantityTypeIdentifierStepCount"/> inside -->
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700">
          <MetadataEntry key="HKWasUserEntered" value="1"/>
          <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Cuff" unit="count" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700" value="1"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700" value="120"/>
         </Correlation>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Bad" unit="count" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700" value="12x"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Bad" unit="count" startDate="2020-02-30 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700" value="12"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Bad" unit="mL" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700"/>
         <Workout workoutActivityType="HKWorkoutActivityTypeWalking" duration="30"><WorkoutEvent type="HKWorkoutEventTypePause"/></Workout>
         <ActivitySummary dateComponents="2020-10-11" activeEnergyBurned="300"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" sourceVersion="5" unit="mL" startDate="2020-10-11 08:00:00 -0700" endDate="2020-10-11 08:00:00 -0700" value="250"/>
        </HealthData>

        """

    static let xml = prolog + body

    static let records: [HealthRecord] = [
        HealthRecord(kind: .steps, unit: "count", value: 120, sourceName: "Anna's iPhone", sourceVersion: "14.0",
                     device: "<<HKDevice: 0x283f2a5d0>, name:iPhone>", creationDate: TestSupport.date(1_602_429_000),
                     startDate: TestSupport.date(1_602_428_400), endDate: TestSupport.date(1_602_428_700), utcOffsetSeconds: -25200),
        HealthRecord(kind: .bodyMass, unit: "kg", value: 72.5, sourceName: "Scale & Co 😀A&unknown;",
                     startDate: TestSupport.date(1_602_396_000), endDate: TestSupport.date(1_602_397_800), utcOffsetSeconds: 3600),
        HealthRecord(kind: .distance, unit: "km", value: 1.25, sourceName: "Watch\u{0B}X",
                     startDate: TestSupport.date(1_709_251_199), endDate: TestSupport.date(1_709_251_199), utcOffsetSeconds: 0),
        HealthRecord(kind: .dietaryWater, unit: "mL", value: 250, sourceName: "Waterllama", sourceVersion: "5",
                     startDate: TestSupport.date(1_602_428_400), endDate: TestSupport.date(1_602_428_400), utcOffsetSeconds: -25200),
    ]

    static let summary = AppleHealthSummary(
        recordsSeen: 8,
        recordsByKind: [.steps: 1, .bodyMass: 1, .distance: 1, .dietaryWater: 1],
        otherTypes: ["HKQuantityTypeIdentifierHeartRate": 1],
        correlationChildrenIgnored: 2,
        malformedRecords: ["bad number: value": 1, "bad date: startDate": 1, "missing attribute: value": 1],
        bytesRead: Int64(xml.utf8.count),
        exportVersion: "12",
        locale: "en_US",
        exportDate: TestSupport.date(1_602_518_400),
        otherElements: ["ExportDate": 1, "Me": 1, "Correlation": 1, "Workout": 1, "ActivitySummary": 1],
        malformedWorkouts: ["missing attribute: sourceName": 1])
}
