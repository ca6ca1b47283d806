import Foundation
import GRDB
@testable import HealthIngestService
import QuenchProtocol
import Testing

/// A day that held no steps before a request is merged from the pieces that request stored,
/// without reading them back (an import's batches bring most days whole); a day that held
/// some is read back. Both ways must give the same totals, to the last bit.
@Suite("Day totals: a new day merged from the request's own samples equals the day read back")
struct HeldDayMergeTests {
    /// Slot k (every 15 min from 00:10 local at -04:00 on 2026-10-20, 288 slots over three
    /// days): the phone's 100 steps over [s, s+10 min), the watch's 60 over [s+5, s+15). The
    /// watch ranks first (the default), so each slot counts 60 + the phone's uncovered half 50
    /// = 110, and the raw sums 160; the 23:55 slots cut by midnight still count 110 in all
    /// (50 before midnight, their after-midnight half lies under the next watch sample).
    @Test("phone and watch overlapping over three days in two import batches: every day published as read back; 288 × 110 in all")
    func heldEqualsReadBack() throws {
        let bench = try IngestBench()
        try bench.grant(.steps)
        let job = try bench.write { try $0.beginImport(ImportBeginRequest(kind: "apple-health"), $1) }
        let first = IngestBench.at("2026-10-20T04:10:00Z").timeIntervalSince1970
        func sample(_ value: Double, _ start: Double, _ minutes: Double, source: Int) -> SampleInput {
            SampleInput(type: "steps", value: value, unit: "count", start: Date(timeIntervalSince1970: start),
                        end: Date(timeIntervalSince1970: start + minutes * 60), sourceIndex: source, utcOffset: -14_400)
        }
        let sources = [SampleSource(name: "Ann's iPhone"), SampleSource(name: "Ann's Apple Watch")]
        // The first batch ends in the middle of the second day: that day is read back by the second.
        for slots in [0..<144, 144..<288] {
            let samples = slots.flatMap { slot in
                let start = first + Double(slot) * 900
                return [sample(100, start, 10, source: 0), sample(60, start + 300, 10, source: 1)]
            }
            let reply = try bench.write {
                try $0.importBatch(ImportBatchRequest(jobId: job.jobId, sources: sources, samples: samples), $1)
            }
            #expect(reply.imported == samples.count)
        }
        let (published, readBack, raw) = try bench.read { db in
            let published = Dictionary(uniqueKeysWithValues: try Row.fetchAll(
                db, sql: "SELECT day, value FROM day_total WHERE user = 'ann' AND type = 'steps'").map { ($0[0] as String, $0[1] as Double) })
            let sums = try SampleStore.sourceSums(db, user: "ann", type: .steps, days: published.keys)
            var readBack: [String: Double] = [:]
            for day in published.keys {
                readBack[day] = try DayTotals.total(db, user: "ann", type: .steps, day: day, sums: sums[day] ?? [], priority: [])
            }
            let raw = sums.values.joined().reduce(0) { $0 + $1.total }
            return (published, readBack, raw)
        }
        #expect(published.keys.sorted() == ["2026-10-20", "2026-10-21", "2026-10-22", "2026-10-23"])
        #expect(published == readBack)
        #expect(raw == Double(288 * 160))
        let merged: Double = published.values.reduce(0, +)
        #expect(abs(merged - Double(288 * 110)) < 1e-6)
    }

    /// At +17:00 (a sample may give up to ±18 h), 2026-10-20 00:30 local is 2026-10-19T07:30Z:
    /// 16 h 30 min before the day's UTC start. The watch's 100 there and the phone's 200 at noon
    /// do not overlap: the day is 300 once the second request reads the day back.
    @Test("a day read back finds a sample whose own offset is +17 h: 100 + 200 = 300")
    func farOffsetReadBack() async throws {
        let bench = try IngestBench()
        try bench.grant(.steps)
        try bench.add([IngestBench.steps(100, "2026-10-19T07:30:00Z", "2026-10-19T07:40:00Z", source: "Ann's Apple Watch", offset: 61_200)])
        try bench.add([IngestBench.steps(200, "2026-10-19T19:00:00Z", "2026-10-19T19:10:00Z", source: "Ann's iPhone", offset: 61_200)])
        #expect(try await bench.daily(.steps, from: "2026-10-20", to: "2026-10-20") == ["2026-10-20": 300])
        let published = try bench.events(EventDescriptor.healthStepsDayChanged.name, as: StepsDayChangedBody.self).map { "\($0.day) \($0.steps)" }
        #expect(published == ["2026-10-20 100", "2026-10-20 300"])
    }
}
