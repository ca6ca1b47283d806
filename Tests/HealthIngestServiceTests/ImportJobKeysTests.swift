import Foundation
import GRDB
@testable import HealthIngestService
import QuenchProtocol
import Testing

/// `import.undo` finds a job's samples among the row ids its requests stored them in
/// (`import_job.firstKey`…`lastKey`), not through an index on `sample.jobId` (a third B-tree
/// written for every imported sample).
@Suite("Import jobs keep the row ids they stored; undo removes exactly the job's samples")
struct ImportJobKeysTests {
    static func steps(_ value: Double, _ minute: Int, source: Int = 0) -> SampleInput {
        let start = IngestBench.at("2026-10-20T12:00:00Z").addingTimeInterval(Double(minute) * 60)
        return SampleInput(type: "steps", value: value, unit: "count", start: start, end: start.addingTimeInterval(60),
                           sourceIndex: source, utcOffset: 0)
    }

    static func water(_ millilitres: Double, _ minute: Int) -> SampleInput {
        let start = IngestBench.at("2026-10-20T12:00:00Z").addingTimeInterval(Double(minute) * 60)
        return SampleInput(type: "dietary-water", value: millilitres, unit: "mL", start: start, end: start, sourceIndex: 0, utcOffset: 0)
    }

    @Test("job A's batches with a samples.add and job B stored between them: undo of A removes its 6, keeps the other 3")
    func interleaved() throws {
        let bench = try IngestBench()
        try bench.grant(.steps, .dietaryWater)
        let sources = [SampleSource(name: "Ann's iPhone")]
        func begin() throws -> String { try bench.write { try $0.beginImport(ImportBeginRequest(kind: "apple-health"), $1) }.jobId }
        func batch(_ job: String, _ samples: [SampleInput]) throws {
            let reply = try bench.write { try $0.importBatch(ImportBatchRequest(jobId: job, sources: sources, samples: samples), $1) }
            #expect(reply.imported == samples.count)
        }
        let a = try begin()
        try batch(a, [Self.steps(100, 0), Self.steps(110, 1), Self.steps(120, 2)])
        try bench.add([IngestBench.steps(7, "2026-10-20T15:00:00Z", "2026-10-20T15:01:00Z", source: "Ann's iPhone")])
        let b = try begin()
        try batch(b, [Self.water(250, 30), Self.water(300, 31)])
        try batch(a, [Self.steps(130, 3), Self.steps(140, 4), Self.water(200, 5)])
        for job in [a, b] {
            _ = try bench.write { try $0.finishImport(ImportFinishRequest(jobId: job, recordsSeen: 0), $1) }
        }
        let (range, others) = try bench.read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT firstKey, lastKey FROM import_job WHERE id = ?", arguments: [a]))
            let others = try Int64.fetchAll(db, sql: "SELECT key FROM sample WHERE jobId IS NOT ? ORDER BY key", arguments: [a])
            return ((row[0] as Int64)...(row[1] as Int64), others)
        }
        // The other three samples lie inside A's range: the job id, not the range alone, tells them apart.
        #expect(others.count == 3)
        #expect(others.allSatisfy(range.contains))
        let aIds = try bench.read { db in
            try Int64.fetchAll(db, sql: "SELECT identity FROM sample WHERE jobId = ?", arguments: [a]).map(SampleIdentity.hex).sorted()
        }
        #expect(aIds.count == 6)

        let undone = try bench.write { try $0.undoImport(ImportUndoRequest(jobId: a), $1) }
        #expect(undone.status == "undone")
        #expect(undone.removed == 6)
        let left = try bench.read { db in try Int64.fetchAll(db, sql: "SELECT key FROM sample ORDER BY key") }
        #expect(left == others)
        let removed = try bench.events(EventDescriptor.healthSamplesRemoved.name, as: SamplesRemovedBody.self)
        #expect(removed.flatMap(\.sampleIds).sorted() == aIds)
        #expect(Set(removed.map(\.jobId)) == [a])
        // B's two intakes of water stay; the day's steps are the samples.add's 7 again.
        #expect(try bench.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample WHERE jobId = ?", arguments: [b]) } == 2)
        #expect(try bench.read { db in
            try Double.fetchOne(db, sql: "SELECT value FROM day_total WHERE user = 'ann' AND type = 'steps' AND day = '2026-10-20'")
        } == 7)
    }

    @Test("a job that stored nothing (all duplicates) keeps no range, and its undo removes nothing")
    func nothingStored() throws {
        let bench = try IngestBench()
        try bench.grant(.steps)
        let sources = [SampleSource(name: "Ann's iPhone")]
        var jobs: [String] = []
        for _ in 0..<2 {
            let job = try bench.write { try $0.beginImport(ImportBeginRequest(kind: "apple-health"), $1) }.jobId
            _ = try bench.write { try $0.importBatch(ImportBatchRequest(jobId: job, sources: sources, samples: [Self.steps(100, 0)]), $1) }
            _ = try bench.write { try $0.finishImport(ImportFinishRequest(jobId: job, recordsSeen: 1), $1) }
            jobs.append(job)
        }
        let second = try bench.read { db in try Row.fetchOne(db, sql: "SELECT firstKey, lastKey FROM import_job WHERE id = ?", arguments: [jobs[1]]) }
        #expect(second?[0] as Int64? == nil)
        #expect(second?[1] as Int64? == nil)
        #expect(try bench.write { try $0.undoImport(ImportUndoRequest(jobId: jobs[1]), $1) }.removed == 0)
        #expect(try bench.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample") } == 1)
        #expect(try bench.write { try $0.undoImport(ImportUndoRequest(jobId: jobs[0]), $1) }.removed == 1)
        #expect(try bench.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sample") } == 0)
    }

    @Test("health.import-job-keys gives existing jobs the range of their samples and drops sample_job")
    func migration() throws {
        let queue = try DatabaseQueue()
        try HealthSchema.migrator.migrate(queue, upTo: "health.user-units")
        let user: Int64 = 1
        try queue.write { db in
            try db.execute(sql: "INSERT INTO user_key (id, user) VALUES (1, 'ann')")
            try db.execute(sql: "INSERT INTO source (id, user, name) VALUES (1, 'ann', 'iPhone')")
            for (job, status) in [("j1", "completed"), ("j2", "completed"), ("j3", "failed")] {
                try db.execute(sql: "INSERT INTO import_job (id, user, kind, status, startedAt) VALUES (?, 'ann', 'apple-health', ?, 0)",
                               arguments: [job, status])
            }
            // j1 stored seqs 1, 2 and 5; j2 3 and 4; j3 nothing; seq 6 came from samples.add.
            for (seq, job) in [(1, "j1"), (2, "j1"), (3, "j2"), (4, "j2"), (5, "j1"), (6, nil)] as [(Int64, String?)] {
                try db.execute(sql: """
                    INSERT INTO sample (key, userKey, type, start, identity, value, unit, normalized, "end", day, sourceId, jobId, createdAt)
                    VALUES (?, ?, 1, ?, ?, 10, 'count', 10, ?, '2026-10-20', 1, ?, 0)
                    """, arguments: [SampleKey.of(user: user, seq: seq), user, 1_792_500_000 + Double(seq), seq, 1_792_500_000 + Double(seq), job])
            }
        }
        try HealthSchema.migrator.migrate(queue)
        try queue.read { db in
            let ranges = try Row.fetchAll(db, sql: "SELECT id, firstKey, lastKey FROM import_job ORDER BY id").map {
                "\($0[0] as String) \(($0[1] as Int64?).map { $0 & (SampleKey.seqLimit - 1) }.map(String.init) ?? "-") \(($0[2] as Int64?).map { $0 & (SampleKey.seqLimit - 1) }.map(String.init) ?? "-")"
            }
            #expect(ranges == ["j1 1 5", "j2 3 4", "j3 - -"])
            #expect(try ImportJobStore.keys(db, user: "ann", id: "j1") == SampleKey.of(user: user, seq: 1)...SampleKey.of(user: user, seq: 5))
            #expect(try ImportJobStore.keys(db, user: "bob", id: "j1") == nil)
            let indexes = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sample' AND sql IS NOT NULL ORDER BY name")
            #expect(indexes == ["sample_identity"])
        }
    }
}
