import Foundation
@testable import HealthIngestService
import QuenchProtocol
import Testing

/// The cost of the import path (rules, insert, day sums, the daily bound, the midnight
/// split) for steps: 100,000 ten-minute samples of two sources, 20 batches of 5,000 split in
/// 2,000s, in process. Off by default; `QUENCH_IMPORT_TIMING=1 swift test --filter
/// ImportPathTimingTests` prints the time (a debug build: compare runs of one build kind only).
@Suite("Import path timing (QUENCH_IMPORT_TIMING=1)")
struct ImportPathTimingTests {
    @Test("100,000 steps samples through import.batch", .enabled(if: ProcessInfo.processInfo.environment["QUENCH_IMPORT_TIMING"] == "1"))
    func timing() throws {
        let bench = try IngestBench()
        try bench.grant(.steps)
        let job = try bench.write { try $0.beginImport(ImportBeginRequest(kind: "apple-health"), $1) }
        let base = IngestBench.at("2025-01-01T00:00:00Z")
        let samples = (0..<100_000).map { index in
            // Every 10 minutes, two sources interleaved: some runs cross midnight.
            let start = base.addingTimeInterval(Double(index / 2) * 600 + Double(index % 2) * 300)
            return SampleInput(
                type: "steps", value: 100, unit: "count", start: start, end: start.addingTimeInterval(600),
                sourceIndex: index % 2, utcOffset: -14_400)
        }
        let sources = [SampleSource(name: "Ann's iPhone"), SampleSource(name: "Ann's Apple Watch")]
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for start in stride(from: 0, to: samples.count, by: 2000) {
                let batch = Array(samples[start..<min(samples.count, start + 2000)])
                let reply = try bench.write { try $0.importBatch(ImportBatchRequest(jobId: job.jobId, sources: sources, samples: batch), $1) }
                #expect(reply.imported == batch.count)
            }
        }
        print("import path: 100,000 steps samples in \(elapsed)")
    }
}
