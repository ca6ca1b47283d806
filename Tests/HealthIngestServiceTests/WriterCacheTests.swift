import Foundation
import GRDB
@testable import HealthIngestService
import QuenchProtocol
import QuenchRuntime
import Testing

/// The writer's import page cache is set once when health-ingest opens its file
/// (`HealthHandlers.prepareWriter`), not by every import batch on the shared writer.
@Suite("health-ingest writer page cache")
struct WriterCacheTests {
    static func writerCacheSize(_ bench: IngestBench) throws -> Int {
        try bench.database.pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? 0 }
    }

    @Test("an import batch leaves the writer's cache_size as it found it")
    func batchLeavesWriterAlone() throws {
        let bench = try IngestBench()
        try bench.grant(.steps)
        let before = try Self.writerCacheSize(bench)
        let job = try bench.write { try $0.beginImport(ImportBeginRequest(kind: "apple-health"), $1) }
        let samples = [IngestBench.steps(10, "2026-10-10T08:00:00Z", "2026-10-10T08:10:00Z", source: "Phone")]
        let reply = try bench.write { try $0.importBatch(ImportBatchRequest(jobId: job.jobId, samples: samples), $1) }
        #expect(reply.imported == 1)
        #expect(try Self.writerCacheSize(bench) == before)
    }

    @Test("prepareWriter gives the writer 8 MiB of page cache, once")
    func preparedAtOpen() throws {
        let bench = try IngestBench()
        try HealthHandlers.prepareWriter(bench.database)
        #expect(try Self.writerCacheSize(bench) == -HealthHandlers.writerCacheKiB)
    }
}
