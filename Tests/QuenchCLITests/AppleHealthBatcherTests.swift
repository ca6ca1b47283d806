import Foundation
import HealthImport
import MessagePack
@testable import QuenchCLI
import QuenchProtocol
import Testing

@Suite("The import's batch body, written by hand")
struct AppleHealthBatcherTests {
    static func device(_ name: String, address: Int) -> String {
        "<<HKDevice: 0x\(String(address, radix: 16))>, name:\(name), manufacturer:Apple Inc.>"
    }

    @Test("a batch reads back as the request it stands for: sources by first use, devices normalised, every sample naming its own")
    func readsBack() throws {
        var batcher = AppleHealthBatcher(jobId: "job-1")
        var records: [HealthRecord] = []
        let start = Date(timeIntervalSince1970: 1_700_000_000.25)
        // Twenty sources, more than the batcher keeps at hand, each device text with another
        // address per record; a source without a device; a device that is not an HKDevice.
        for index in 0..<200 {
            let source = index % 20
            let device: String? = switch source {
            case 0: nil
            case 1: "Kitchen scale"
            default: Self.device("Watch \(source % 7)", address: 0x1000 + index)
            }
            let kind = HealthRecordKind.allCases[index % HealthRecordKind.allCases.count]
            records.append(HealthRecord(
                kind: kind, unit: ["count", "kg", "km", "mL"][index % 4], value: Double(index) + 0.5,
                sourceName: source % 3 == 0 ? "iPhone" : "Source \(source)", device: device,
                startDate: start.addingTimeInterval(Double(index) * 60), endDate: start.addingTimeInterval(Double(index) * 60 + 30),
                utcOffsetSeconds: [0, -14_400, 3600, -25_200, 19_800, -100, 45_900][index % 7]))
        }
        for record in records {
            #expect(try batcher.add(record) == nil)
        }
        let batch = try #require(try batcher.flush())
        #expect(batch.samples == records.count)
        _ = try MessagePackRaw(validating: batch.body.bytes)
        let request = try MessagePackDecoder().decode(ImportBatchRequest.self, from: batch.body.bytes)
        #expect(request.jobId == "job-1")
        let sources = try #require(request.sources)
        #expect(Set(sources).count == sources.count, "each source once")
        #expect(request.samples.count == records.count)
        for (sample, record) in zip(request.samples, records) {
            let source = sources[try #require(sample.sourceIndex)]
            #expect(source.name == record.sourceName)
            #expect(source.device == record.device.map(SampleSource.normalizedDevice))
            #expect(sample.type == record.kind.rawValue && sample.unit == record.unit && sample.value == record.value)
            #expect(sample.start == record.startDate && sample.end == record.endDate)
            #expect(sample.utcOffset == record.utcOffsetSeconds, "each sample carries its record's own offset")
            #expect(sample.source == nil && sample.device == nil)
        }
        #expect(try batcher.flush() == nil, "a flushed batcher starts empty")
    }

    @Test("workouts go in the same batches as workout samples: duration, activity, own offset, distance and energy as written")
    func workouts() throws {
        var batcher = AppleHealthBatcher(jobId: "job-2")
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let run = HealthWorkout(
            activityType: "HKWorkoutActivityTypeRunning", duration: 31.5, durationUnit: "min", distance: 5.2, distanceUnit: "km",
            energy: 300, energyUnit: "Cal", sourceName: "Watch", device: Self.device("Watch", address: 0x99),
            startDate: start, endDate: start.addingTimeInterval(1890), utcOffsetSeconds: -14_400)
        let bare = HealthWorkout(
            activityType: "HKWorkoutActivityTypeYoga", sourceName: "Phone", startDate: start, endDate: start.addingTimeInterval(600),
            utcOffsetSeconds: 3600)
        #expect(try batcher.add(run) == nil && batcher.add(bare) == nil)
        let batch = try #require(try batcher.flush())
        let request = try MessagePackDecoder().decode(ImportBatchRequest.self, from: batch.body.bytes)
        let sources = try #require(request.sources)
        #expect(sources == [SampleSource(name: "Watch", device: "name:Watch, manufacturer:Apple Inc."), SampleSource(name: "Phone")])
        #expect(request.samples == [
            SampleInput(
                type: "workout", value: 31.5, unit: "min", start: start, end: start.addingTimeInterval(1890), sourceIndex: 0,
                utcOffset: -14_400, activity: "HKWorkoutActivityTypeRunning", distance: 5.2, distanceUnit: "km", energy: 300, energyUnit: "Cal"),
            // Without a duration attribute the workout's span, in seconds.
            SampleInput(
                type: "workout", value: 600, unit: "s", start: start, end: start.addingTimeInterval(600), sourceIndex: 1, utcOffset: 3600,
                activity: "HKWorkoutActivityTypeYoga"),
        ])
    }

    @Test("a device text compares with its normalised form without making it")
    func deviceComparison() {
        let raw = Self.device("iPhone", address: 0xabc)
        #expect(SampleSource.normalizedDevice(raw) == "name:iPhone, manufacturer:Apple Inc.")
        #expect(SampleSource.device(raw, normalizesTo: "name:iPhone, manufacturer:Apple Inc."))
        #expect(!SampleSource.device(raw, normalizesTo: "name:iPhone, manufacturer:Apple Inc"))
        #expect(!SampleSource.device(raw, normalizesTo: raw))
        #expect(SampleSource.device("Kitchen scale", normalizesTo: "Kitchen scale"))
        #expect(!SampleSource.device("<<HKDevice: 0x1>", normalizesTo: ""))
        #expect(SampleSource.device("<<HKDevice: 0x1>", normalizesTo: "<<HKDevice: 0x1>"))
    }
}
