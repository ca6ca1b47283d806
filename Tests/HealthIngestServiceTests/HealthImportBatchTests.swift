import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// `health.import.batch`'s rules through health-ingest's real handlers and committer (in
/// process; live too with `QUENCH_TEST_LIVE=1`). Moved from the end-to-end import tests with
/// the same assertions (the CLI's imports stay there).
@Suite("Health import batches")
struct HealthImportBatchTests {
    @Test("import.batch refuses more than 2000 samples, an unknown job, a finished job; a retried batch is stored once", arguments: TestMode.selected)
    func batchRules(mode: TestMode) async throws {
        let fixture = try await HealthFixture("batch-rules", mode: mode, timeZone: "America/Los_Angeles")
        try await fixture.grant(.steps)
        let job: ImportJob = try await fixture.command(MessageDescriptor.importBegin.name, ImportBeginRequest(kind: "apple-health", fileName: "x.xml"))
        let start = Date(timeIntervalSince1970: 1_760_000_000)
        let sample = { (i: Int) in
            SampleInput(type: "steps", value: 10, unit: "count", start: start.addingTimeInterval(Double(i) * 60),
                        end: start.addingTimeInterval(Double(i) * 60 + 30), sourceIndex: 0)
        }
        let tooMany = ImportBatchRequest(jobId: job.jobId, sources: [SampleSource(name: "Phone")], samples: (0...2000).map(sample))
        let error = await expectHealthError(.invalidArgument, field: "samples") {
            let _: ImportBatchReply = try await fixture.command(MessageDescriptor.importBatch.name, tooMany)
        }
        #expect(error?.message.contains("at most 2000") == true)
        let full = ImportBatchRequest(jobId: job.jobId, sources: [SampleSource(name: "Phone")], samples: (0..<2000).map(sample))
        let key = UUID().uuidString
        let once: ImportBatchReply = try await fixture.client.call(MessageDescriptor.importBatch.name, full, idempotencyKey: key)
        let retried: ImportBatchReply = try await fixture.client.call(MessageDescriptor.importBatch.name, full, idempotencyKey: key)
        #expect(once.imported == 2000 && retried == once)
        let resent: ImportBatchReply = try await fixture.command(MessageDescriptor.importBatch.name, full)
        #expect(resent.imported == 0 && resent.duplicates == 2000)
        var bad = full
        bad.samples = [SampleInput(type: "steps", value: 1, unit: "count", start: start, sourceIndex: 7),
                       SampleInput(type: "heart-rate", value: 1, unit: "count", start: start),
                       SampleInput(type: "steps", value: 1, unit: "furlongs", start: start)]
        let counted: ImportBatchReply = try await fixture.command(MessageDescriptor.importBatch.name, bad)
        #expect(counted.skipped == ["invalid": 1, "unknown-type": 1, "unknown-unit": 1])

        let finished: ImportJob = try await fixture.command(MessageDescriptor.importFinish.name, ImportFinishRequest(jobId: job.jobId, recordsSeen: 2003))
        #expect(finished.status == "completed" && finished.imported == 2000 && finished.duplicates == 2000 && finished.batches == 3)
        await expectHealthError(.failedPrecondition, field: "jobId") {
            let _: ImportBatchReply = try await fixture.command(MessageDescriptor.importBatch.name, full)
        }
        await expectHealthError(.notFound, field: "jobId") {
            let _: ImportBatchReply = try await fixture.command(MessageDescriptor.importBatch.name, ImportBatchRequest(jobId: "nope", samples: []))
        }
        let bob = try fixture.client(user: "bob")
        await expectHealthError(.notFound, field: "jobId") {
            let _: ImportStatusReply = try await bob.call(MessageDescriptor.importStatus.name, ImportStatusRequest(jobId: job.jobId))
        }
        await bob.close()
        await fixture.close()
    }
}
