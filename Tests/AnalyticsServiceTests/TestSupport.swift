@testable import AnalyticsService
import Foundation
import GRDB
import Logging
import MessagePack
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport

/// An analytics database in a fresh temporary file, with helpers to apply events as the
/// subscribers do and to ask the handlers as the RPC server does.
final class AnalyticsFixture: @unchecked Sendable {
    let database: ServiceDatabase
    let handlers: AnalyticsHandlers
    private var seqs: [String: UInt64] = [:]

    init(now: String = "2026-11-21T12:00:00Z") throws {
        let path = TestScratch.file("analytics", named: "analytics.sqlite").path
        database = try ServiceDatabase(path: path, migrator: AnalyticsSchema.migrator)
        let clock = Clock()
        clock.value = ISO8601DateFormatter().date(from: now)!
        self.clock = clock
        handlers = AnalyticsHandlers(database: database, now: { clock.value })
    }

    private final class Clock: @unchecked Sendable {
        var value = Date()
    }

    private let clock: Clock

    func set(now text: String) {
        clock.value = ISO8601DateFormatter().date(from: text)!
    }

    /// An event envelope as a publisher sends it, with the next seq of that publisher.
    func event<Body: Encodable>(_ type: String, publisher: String, _ body: Body) throws -> Envelope {
        let seq = (seqs[publisher] ?? 0) + 1
        seqs[publisher] = seq
        return Envelope(type: type, body: try MessagePackRaw(encoding: body), publisher: publisher, seq: seq)
    }

    func apply(_ event: Envelope) throws {
        let applier: (Database, Envelope) throws -> Void = switch event.publisher {
        case ServiceName.intake: IntakeApplier.apply
        case ServiceName.goals: GoalsApplier.apply
        default: HealthApplier.apply
        }
        try database.pool.write { db in try applier(db, event) }
    }

    /// Applies a run of one publisher's events (its next seqs) through the subscriber's own
    /// transaction (`SubscriberTransaction`, as analytics sets it up for that publisher): a
    /// savepoint per event, the run's shared work (`EventBatch.finish`) at the end, the
    /// cursor with them. Returns how many were skipped.
    @discardableResult
    func apply(run events: [Envelope]) throws -> UInt64 {
        guard let publisher = events.first?.publisher else { return 0 }
        precondition(events.allSatisfy { $0.publisher == publisher }, "a run holds one publisher's events")
        let (applied, batch): (AppliedEvents, EventBatchFactory) = switch publisher {
        case ServiceName.intake: (IntakeApplier.applied, { IntakeApplier.batch() })
        case ServiceName.goals: (GoalsApplier.applied, { GoalsApplier.batch() })
        default: (HealthApplier.applied, { EachEvent(HealthApplier.apply) })
        }
        let transaction = SubscriberTransaction(
            publisher: publisher, applied: applied, logger: Logger(label: "test.analytics"), batch: batch)
        return try transaction.run(events, in: database).skipped
    }

    func intake<Body: Encodable>(_ type: String, _ body: Body) throws {
        try apply(try event(type, publisher: ServiceName.intake, body))
    }

    func goals<Body: Encodable>(_ type: String, _ body: Body) throws {
        try apply(try event(type, publisher: ServiceName.goals, body))
    }

    func health<Body: Encodable>(_ type: String, _ body: Body) throws {
        try apply(try event(type, publisher: ServiceName.healthIngest, body))
    }

    func context(user: String = "ana", timeZone: String = "UTC", principal: Principal = .insecure) -> RequestContext {
        RequestContext(
            requestID: UUID().uuidString, type: "test", envelopeUser: user, principal: principal,
            timeZone: TimeZone(identifier: timeZone)!, sentAt: Date(), idempotencyKey: nil, logger: Logger(label: "test"))
    }

    /// Every read-model row, for comparing whole states.
    func snapshot() throws -> [String: [String]] {
        try database.pool.read { db in
            var result: [String: [String]] = [:]
            for table in AnalyticsSchema.readModels {
                result[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map(\.description).sorted()
            }
            return result
        }
    }
}

func record(
    id: String, user: String = "ana", day: String, waterUl: Int64, at: Date = Date(timeIntervalSince1970: 1_790_000_000)
) -> IntakeRecord {
    IntakeRecord(
        id: id, user: user, fluid: "water", volumeMl: Double(waterUl) / 1000, waterMl: Double(waterUl) / 1000,
        waterMicrolitres: waterUl, waterPercent: 100, at: at, day: day, timeZone: "UTC", source: "manual",
        createdAt: at, updatedAt: at)
}

func goal(_ ml: Double, on day: String, user: String = "ana", source: String = "manual") -> GoalChangedBody {
    GoalChangedBody(user: user, oldGoalMl: 2500, newGoalMl: ml, source: source, weightKg: nil, effectiveDay: LocalDay(day)!)
}

func strength(_ id: String, day: String, exercise: String = "Back Squat", sets: Int = 1, reps: Int, kg: Double, user: String = "ana")
    -> StrengthSetRecordedBody
{
    StrengthSetRecordedBody(user: user, sampleId: id, day: LocalDay(day)!, exercise: exercise, sets: sets, reps: reps, weightKg: kg)
}

/// The error a throwing call ends with, or nil.
func error<T>(of body: () async throws -> T) async -> (any Error)? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}
