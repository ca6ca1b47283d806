import Foundation
import GRDB
@testable import HealthIngestService
import QuenchProtocol
import Testing

/// A steps or distance sample cut by local midnight counts on each day in proportion to its
/// time there, at its own offset, as Apple's Health app shows it; then the merge in time works
/// on each day's pieces. Every figure is worked by hand in the test's comments.
@Suite("Day totals: a sample cut by midnight is split between its days")
struct MidnightSplitTests {
    @Test("the pieces: 600 over 23:30–00:30 is 300 + 300; 48 h at -04:00 from 08:00 is 16/24/8 h; an end at midnight stays on its day")
    func pieces() {
        let midnight = 1_793_491_200.0  // 2026-11-01T00:00:00Z
        let split = DaySplit.pieces(start: midnight - 1800, end: midnight + 1800, offset: 0, value: 600)
        #expect(split.map(\.value) == [300, 300])
        #expect(split.map { LocalDay(ordinal: $0.ordinal).description } == ["2026-10-31", "2026-11-01"])
        // 2026-10-20T12:00Z is 08:00 at -04:00: 16 h on the 20th, 24 h on the 21st, 8 h on the 22nd of 48 h.
        let long = DaySplit.pieces(start: 1_792_497_600, end: 1_792_497_600 + 48 * 3600, offset: -14_400, value: 3000)
        #expect(long.map(\.value) == [1000, 1500, 500])
        #expect(DaySplit.pieces(start: midnight - 3600, end: midnight, offset: 0, value: 60).map(\.value) == [60])
        #expect(DaySplit.pieces(start: midnight, end: midnight, offset: 0, value: 5).map(\.ordinal) == [Int(midnight / 86_400)])
        // A row stored before the offset was kept (NULL) counts whole on its day, as it did.
        let day = Int(midnight / 86_400) - 1
        #expect(DaySplit.piece(on: day, start: midnight - 1800, end: midnight + 1800, offset: nil, value: 600)?.value == 600)
        #expect(DaySplit.piece(on: day + 1, start: midnight - 1800, end: midnight + 1800, offset: 0, value: 600)?.value == 300)
    }

    @Test("600 steps 23:30–00:30 count 300 on each day, in UTC and at +05:30, and both days are published")
    func splitAcrossMidnight() async throws {
        let bench = try IngestBench()
        try bench.grant(.steps)
        try bench.add([IngestBench.steps(600, "2026-10-31T23:30:00Z", "2026-11-01T00:30:00Z", source: "Ann's iPhone")])
        #expect(try await bench.daily(.steps, from: "2026-10-31", to: "2026-11-01") == ["2026-10-31": 300, "2026-11-01": 300])
        let events = try bench.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self)
        #expect(events.map { "\($0.day) \($0.steps)" }.sorted() == ["2026-10-31 300", "2026-11-01 300"])
        // The stored record keeps its day: the day of its start.
        #expect(try bench.read { try SampleStore.latest($0, user: "ann", type: .steps)?.day.description } == "2026-10-31")

        // 18:00–19:00Z is 23:30–00:30 at +05:30 (offset 19800), whatever the request's zone.
        let india = try IngestBench()
        try india.grant(.steps)
        try india.add(
            [IngestBench.steps(600, "2026-10-20T18:00:00Z", "2026-10-20T19:00:00Z", source: "Phone", offset: 19_800)],
            timeZone: "America/New_York")
        #expect(try await india.daily(.steps, from: "2026-10-20", to: "2026-10-21") == ["2026-10-20": 300, "2026-10-21": 300])
    }

    @Test("a sample over three days at -04:00 counts 1000 / 1500 / 500 of 3000")
    func threeDays() async throws {
        let bench = try IngestBench()
        try bench.grant(.steps)
        try bench.add([IngestBench.steps(3000, "2026-10-20T12:00:00Z", "2026-10-22T12:00:00Z", source: "Phone", offset: -14_400)])
        #expect(try await bench.daily(.steps, from: "2026-10-19", to: "2026-10-23")
            == ["2026-10-20": 1000, "2026-10-21": 1500, "2026-10-22": 500])
        // The longest span is 31 days: more is refused, naming the field.
        #expect(throws: QuenchError.self) {
            try bench.add([IngestBench.steps(10, "2026-09-01T00:00:00Z", "2026-10-02T00:00:01Z", source: "Phone")])
        }
    }

    /// iPhone 600 over 23:30–00:30 (300 each side), watch 200 over 23:45–00:15 (100 each side).
    /// Watch first (the default): each day 100 + the iPhone's 30 min less the watch's 15 → 300 × 15/30
    /// = 150, so 250 and 250 (merged over both days 500 = 200 + 600 × 30/60). iPhone first: each
    /// day the iPhone's 300 and the watch's piece lies inside it: 300 and 300.
    @Test("with a watch over part of it the midnight split and the merge compose: 250 + 250, and 300 + 300 with the iPhone first")
    func composesWithMerge() async throws {
        let bench = try IngestBench()
        try bench.grant(.steps, .distance)
        try bench.add([
            IngestBench.steps(600, "2026-10-31T23:30:00Z", "2026-11-01T00:30:00Z", source: "Ann's iPhone"),
            IngestBench.steps(200, "2026-10-31T23:45:00Z", "2026-11-01T00:15:00Z", source: "Ann's Apple Watch"),
        ])
        #expect(try await bench.daily(.steps, from: "2026-10-31", to: "2026-11-01") == ["2026-10-31": 250, "2026-11-01": 250])
        let last = Dictionary(
            try bench.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).map { ($0.day.description, $0.steps) }) { _, new in new }
        #expect(last == ["2026-10-31": 250, "2026-11-01": 250])

        _ = try bench.write { try $0.setPriority(StepsPriorityRequest(sources: ["Ann's iPhone"]), $1) }
        #expect(try await bench.daily(.steps, from: "2026-10-31", to: "2026-11-01") == ["2026-10-31": 300, "2026-11-01": 300])
        let republished = Dictionary(
            try bench.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).map { ($0.day.description, $0.steps) }) { _, new in new }
        #expect(republished == ["2026-10-31": 300, "2026-11-01": 300])

        // A later sample of the second day adds to its merged total: 00:30–01:00 iPhone 100.
        try bench.add([IngestBench.steps(100, "2026-11-01T00:30:00Z", "2026-11-01T01:00:00Z", source: "Ann's iPhone")])
        #expect(try await bench.daily(.steps, from: "2026-10-31", to: "2026-11-01") == ["2026-10-31": 300, "2026-11-01": 400])

        // A revoke with delete takes both days to 0 (the split parts go with the samples).
        _ = try bench.write { try $0.revoke(ConsentChangeRequest(types: ["steps"], deleteData: true), $1) }
        let zeroed = Dictionary(
            try bench.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).map { ($0.day.description, $0.steps) }) { _, new in new }
        #expect(zeroed == ["2026-10-31": 0, "2026-11-01": 0])
        #expect(try bench.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sample_day_part") } == 0)
    }
}
