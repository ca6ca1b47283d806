import Foundation
public import QuenchProtocol

/// A parsed Health Auto Export payload sent to health-ingest as an import job of kind
/// `health-auto-export`: its points and workouts in `import.batch`es of at most
/// ``ImportBatchRequest/maxSamples``, then `import.finish` with what the parser saw (points
/// in `recordsSeen`, bad ones in `skipped` by field and rule, other metrics in `otherTypes`,
/// other sections in `otherElements`). The same path for `quench import health-auto-export`
/// and the HTTP endpoint.
public enum HealthAutoExportImport {
    /// The job kind.
    public static let kind = "health-auto-export"

    /// What an import ended with: the job (health-ingest's counts) and the parser's summary.
    public struct Outcome: Sendable {
        public var job: ImportJob
        public var summary: HealthAutoExportSummary
    }

    /// Batches sent at once: health-ingest's group commit then stores several per transaction.
    public static let maxInFlight = 4

    /// Opens a job, sends the batches (``maxInFlight`` at a time), closes the job. A failed
    /// batch closes the job `failed` (what was stored stays; sending the payload again
    /// completes it, nothing twice) and rethrows.
    public static func run(
        _ payload: HealthAutoExportPayload, fileName: String?, via transport: some HealthImportTransport
    ) async throws -> Outcome {
        let job = try await transport.begin(ImportBeginRequest(kind: kind, fileName: fileName, totalBytes: Int64(payload.summary.bytes)))
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, batch) in batches(payload, jobId: job.jobId).enumerated() {
                    if index >= maxInFlight { try await group.next() }
                    group.addTask { _ = try await transport.batch(batch, idempotencyKey: "\(job.jobId)-\(index)") }
                }
                try await group.waitForAll()
            }
        } catch {
            var failed = ImportFinishRequest(jobId: job.jobId)
            failed.error = "upload stopped: \(String(describing: error).prefix(1000))"
            _ = try? await transport.finish(failed)
            throw error
        }
        let final = try await transport.finish(finishRequest(payload, jobId: job.jobId))
        return Outcome(job: final, summary: payload.summary)
    }

    /// The payload's samples in batches, each with the sources its samples name by index.
    public static func batches(_ payload: HealthAutoExportPayload, jobId: String) -> [ImportBatchRequest] {
        var batches: [ImportBatchRequest] = []
        var sources: [SampleSource] = []
        var indexOf: [String: Int] = [:]
        var samples: [SampleInput] = []
        func index(_ name: String) -> Int {
            if let known = indexOf[name] { return known }
            indexOf[name] = sources.count
            sources.append(SampleSource(name: name))
            return sources.count - 1
        }
        func flushIfFull() {
            guard samples.count >= ImportBatchRequest.maxSamples else { return }
            batches.append(ImportBatchRequest(jobId: jobId, sources: sources, samples: samples))
            samples = []
            sources = []
            indexOf = [:]
        }
        for record in payload.records {
            samples.append(SampleInput(
                type: record.kind.rawValue, value: record.value, unit: record.unit, start: record.startDate, end: record.endDate,
                sourceIndex: index(record.sourceName), utcOffset: record.utcOffsetSeconds))
            flushIfFull()
        }
        for workout in payload.workouts {
            samples.append(SampleInput(
                type: SampleType.workout.rawValue, value: workout.duration ?? workout.endDate.timeIntervalSince(workout.startDate),
                unit: workout.durationUnit ?? "s", start: workout.startDate, end: workout.endDate,
                sourceIndex: index(workout.sourceName), utcOffset: workout.utcOffsetSeconds, activity: workout.activityType,
                distance: workout.distance, distanceUnit: workout.distanceUnit, energy: workout.energy, energyUnit: workout.energyUnit))
            flushIfFull()
        }
        if !samples.isEmpty {
            batches.append(ImportBatchRequest(jobId: jobId, sources: sources, samples: samples))
        }
        return batches
    }

    /// `import.finish` with the parser's account: every point and workout in `recordsSeen`,
    /// the bad ones in `skipped` (`bad-point: FIELD: RULE`), other metrics' points in
    /// `otherTypes` by metric name, other sections' items in `otherElements`.
    /// The skip key of a problem's points: `bad-point: FIELD: RULE` (English, at most 200 characters).
    public static func skipKey(_ problem: HealthAutoExportProblem) -> String {
        String("bad-point: \(problem.field): \(problem.rule)".prefix(200))
    }

    /// The skip key of bad points beyond the listed problems.
    public static let otherRulesKey = "bad-point: other rules"

    public static func finishRequest(_ payload: HealthAutoExportPayload, jobId: String) -> ImportFinishRequest {
        let summary = payload.summary
        var skipped: [String: Int] = [:]
        var listed = 0
        for problem in summary.problems {
            skipped[skipKey(problem), default: 0] += problem.count
            listed += problem.count
        }
        if summary.bad > listed { skipped[otherRulesKey] = summary.bad - listed }
        return ImportFinishRequest(
            jobId: jobId, recordsSeen: summary.points + summary.workouts, skipped: skipped.isEmpty ? nil : skipped,
            otherTypes: summary.otherMetrics.isEmpty ? nil : summary.otherMetrics, bytesRead: Int64(summary.bytes),
            otherElements: summary.otherSections.isEmpty ? nil : summary.otherSections)
    }
}
