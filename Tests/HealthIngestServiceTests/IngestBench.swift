import Foundation
import GRDB
@testable import HealthIngestService
import Logging
import MessagePack
import QuenchProtocol
@testable import QuenchRuntime

/// health-ingest's real handlers over a real SQLite file and outbox, in process: each command
/// runs in a write transaction as the dispatcher runs it (a throw rolls it back).
final class IngestBench: @unchecked Sendable {
    static let now = Date(timeIntervalSince1970: 1_793_534_400)  // 2026-11-01T12:00:00Z
    let database: ServiceDatabase
    let outbox: Outbox
    let handlers: HealthHandlers
    let user = "ann"

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quench-days-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try ServiceDatabase(path: directory.appendingPathComponent("health.sqlite").path, migrator: HealthSchema.migrator)
        outbox = try Outbox(publisher: ServiceName.healthIngest, database: database)
        handlers = HealthHandlers(database: database, now: { IngestBench.now })
    }

    func context(timeZone: String = "UTC") -> RequestContext {
        RequestContext(
            requestID: UUID().uuidString, type: "test", envelopeUser: user, principal: .insecure,
            timeZone: TimeZone(identifier: timeZone)!, sentAt: Self.now, idempotencyKey: nil, logger: Logger(label: "test"))
    }

    func write<T>(timeZone: String = "UTC", _ body: (HealthHandlers, WriteContext) throws -> T) throws -> T {
        try database.pool.write { db in
            try body(handlers, WriteContext(db: db, outbox: outbox, request: context(timeZone: timeZone)))
        }
    }

    func grant(_ types: ConsentType...) throws {
        _ = try write { try $0.grant(ConsentChangeRequest(types: types.map(\.rawValue)), $1) }
    }

    @discardableResult
    func add(_ samples: [SampleInput], timeZone: String = "UTC") throws -> AddSamplesReply {
        try write(timeZone: timeZone) { try $0.addSamples(AddSamplesRequest(samples: samples), $1) }
    }

    /// `samples.daily` of `type` from `from` to `to`: day → value, days of 0 left out.
    func daily(_ type: SampleType, from: String, to: String) async throws -> [String: Double] {
        let reply = try await handlers.daily(DailySamplesRequest(type: type.rawValue, from: LocalDay(from)!, to: LocalDay(to)!), context())
        return Dictionary(uniqueKeysWithValues: reply.days.compactMap { bucket in bucket.value.flatMap { $0 == 0 ? nil : (bucket.day.description, $0) } })
    }

    /// A read of the file, outside any request.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try database.pool.read(body)
    }

    /// The bodies of every event of `type` in the outbox, oldest first.
    func events<Body: Decodable>(_ type: String, as: Body.Type) throws -> [Body] {
        try database.pool.read { db in
            try outbox.events(db, after: 0, limit: 100_000).map { try $0.decode(Envelope.self) }
                .filter { $0.type == type }.map { try $0.decodeBody(Body.self) }
        }
    }

    /// An instant given as `yyyy-MM-ddTHH:mm:ssZ`.
    static func at(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    static func steps(_ value: Double, _ start: String, _ end: String, source: String, offset: Int? = 0) -> SampleInput {
        SampleInput(type: "steps", value: value, unit: "count", start: at(start), end: at(end), source: source, utcOffset: offset)
    }
}
