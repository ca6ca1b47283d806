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

    /// Local days at -04:00: a record starting `minute` minutes after local midnight of day `day`.
    static func steps(day: Int, minute: Double, minutes: Double = 5) -> HealthRecord {
        let midnight = Double(20_400 + day) * 86_400 + 14_400  // 2025-11-08 + day, 00:00 at -04:00
        let start = Date(timeIntervalSince1970: midnight + minute * 60)
        return HealthRecord(
            kind: .steps, unit: "count", value: 10, sourceName: "iPhone", device: nil,
            startDate: start, endDate: start.addingTimeInterval(minutes * 60), utcOffsetSeconds: -14_400)
    }

    /// Every batch's sample count and the local days its samples start on.
    static func batches(_ records: [HealthRecord]) throws -> [(count: Int, days: Set<Int>)] {
        var batcher = AppleHealthBatcher(jobId: "job-3")
        var bodies: [PendingBatch] = []
        for record in records {
            if let batch = try batcher.add(record) { bodies.append(batch) }
        }
        if let batch = try batcher.flush() { bodies.append(batch) }
        return try bodies.map { batch in
            let request = try MessagePackDecoder().decode(ImportBatchRequest.self, from: batch.body.bytes)
            #expect(request.samples.count == batch.samples)
            let days = request.samples.map { sample in
                Int(((sample.start!.timeIntervalSince1970 + Double(sample.utcOffset!)) / 86_400).rounded(.down)) - 20_400
            }
            return (batch.samples, Set(days))
        }
    }

    @Test("from 1,600 samples on a batch ends where a new local day starts (at the record's own offset), so no day is split")
    func endsAtLocalMidnight() throws {
        // 450 records a day (every 3 minutes from 00:01): the batch passes 1,600 on day 3 and ends with it.
        let records = (0..<9).flatMap { day in (0..<450).map { Self.steps(day: day, minute: 1 + Double($0) * 3) } }
        let batches = try Self.batches(records)
        #expect(batches.map(\.count) == [1_800, 1_800, 450])
        #expect(batches.map(\.days) == [[0, 1, 2, 3], [4, 5, 6, 7], [8]])
    }

    @Test("a record running past midnight keeps the next day in its batch; a day of more than 2,000 records still splits at 2,000")
    func midnightAndFullDays() throws {
        // Day 3's last record runs 23:58–00:03 into day 4: day 4 starts no batch of its own (it
        // would meet that piece of day 3's record), so this batch runs on to 2,000.
        var records = (0..<6).flatMap { day in (0..<450).map { Self.steps(day: day, minute: 1 + Double($0) * 3) } }
        records[4 * 450 - 1] = Self.steps(day: 3, minute: 1438)
        let crossing = try Self.batches(records)
        #expect(crossing.map(\.count) == [2_000, 700])
        // 2,500 records on one day, then one on the next (the second batch is under 1,600).
        let full = (0..<2_500).map { Self.steps(day: 0, minute: Double($0) * 0.5, minutes: 0.5) } + [Self.steps(day: 1, minute: 1)]
        #expect(try Self.batches(full).map(\.count) == [2_000, 501])
    }
}
