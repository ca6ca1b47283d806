import Foundation
import GRDB
import Logging
import MessagePack
import QuenchProtocol
@testable import QuenchRuntime
import QuenchTestSupport
import Testing

/// The router's decoding, checks and error mapping, without sockets: bytes in, reply bytes out.
@Suite("Request dispatcher")
struct RequestDispatcherTests {
    struct Echo: Codable, Sendable, Equatable {
        var text: String
        var count: Int
    }

    struct Fixture {
        let dispatcher: RequestDispatcher
        let database: ServiceDatabase

        init(maxMessageBytes: Int = 4096, maxInFlight: Int = 100, extra: (inout HandlerRegistry) -> Void = { _ in }) throws {
            let folder = TestScratch.directory("dispatcher")
            var migrator = DatabaseMigrator()
            migrator.registerMigration("notes") { db in
                try db.execute(sql: "CREATE TABLE note (text TEXT NOT NULL)")
            }
            database = try ServiceDatabase(path: folder.appendingPathComponent("t.sqlite").path, migrator: migrator)
            let outbox = try Outbox(publisher: "test", database: database)
            var registry = HandlerRegistry()
            registry.inline(Query<Echo, Echo>(name: "test.echo", service: "test")) { (request: Echo, _: RequestContext) in request }
            registry.query(Query<Echo, Echo>(name: "test.fail", service: "test")) { (request: Echo, _: RequestContext) async throws -> Echo in
                switch request.text {
                case "quench": throw QuenchError.invalidArgument("count", "must be even, got \(request.count)")
                case "decode": throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad"))
                default: throw CocoaError(.fileNoSuchFile)
                }
            }
            registry.command(Command<Echo, Echo>(name: "test.note", service: "test")) { (request: Echo, write: WriteContext) throws -> Echo in
                try write.db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: [request.text])
                try write.emit(Event<Echo>(name: "test.noted", service: "test"), user: write.request.envelopeUser, request)
                if request.count < 0 {
                    throw QuenchError.invalidArgument("count", "must not be negative")
                }
                return request
            }
            extra(&registry)
            var logger = Logger(label: "test")
            logger.logLevel = .critical
            dispatcher = RequestDispatcher(
                service: "test", registry: registry, database: database, outbox: outbox, stats: ServerStats(),
                logger: logger, maxMessageBytes: maxMessageBytes, maxInFlight: maxInFlight)
        }

        func reply(_ envelope: Envelope, principal: Principal = .insecure) async throws -> Envelope {
            try await reply(bytes: envelope.encoded(), principal: principal)
        }

        func reply(bytes: [UInt8], principal: Principal = .insecure) async throws -> Envelope {
            switch dispatcher.dispatch(bytes, principal: principal) {
            case .immediate(let reply): return try Envelope.decode(reply)
            case .deferred(let run): return try Envelope.decode(await run())
            case .queued(let submit):
                let bytes = await withCheckedContinuation { continuation in
                    submit { continuation.resume(returning: $0) }
                }
                return try Envelope.decode(bytes)
            }
        }

        func notes() throws -> Int {
            try database.pool.read { (db: Database) in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") ?? 0 }
        }
    }

    @Test("an inline handler answers its request id with the body")
    func inline() async throws {
        let fixture = try Fixture()
        let request = try Envelope.request(type: "test.echo", body: Echo(text: "hi", count: 2))
        let reply = try await fixture.reply(request)
        #expect(reply.replyTo == request.id)
        #expect(try reply.decodeBody(Echo.self) == Echo(text: "hi", count: 2))
    }

    @Test("each kind of failure becomes its stable code and field", arguments: [
        ("quench", "invalid_argument", "count"),
        ("decode", "invalid_argument", nil),
        ("other", "internal", nil),
    ] as [(String, String, String?)])
    func handlerErrors(text: String, code: String, field: String?) async throws {
        let fixture = try Fixture()
        let reply = try await fixture.reply(try Envelope.request(type: "test.fail", body: Echo(text: text, count: 1)))
        #expect(reply.error?.code == code)
        #expect(reply.error?.field == field)
        #expect(reply.body == nil)
    }

    @Test("frames that are not an envelope, unknown types, other versions, bad zones, oversize")
    func refusals() async throws {
        let fixture = try Fixture(maxMessageBytes: 512)
        #expect(try await fixture.reply(bytes: [0xc1]).error?.code == "malformed")
        #expect(try await fixture.reply(bytes: [0x81, 0xa1, 0x76]).error?.code == "malformed")
        #expect(try await fixture.reply(Envelope(type: "test.nothing")).error?.field == "type")
        #expect(try await fixture.reply(Envelope(version: 2, type: "test.echo")).error?.code == "unsupported_version")
        #expect(try await fixture.reply(Envelope(type: "test.echo", timeZone: "Mars/Olympus")).error?.field == "tz")
        var big = Envelope(type: "test.echo")
        big.user = String(repeating: "x", count: 600)
        #expect(try await fixture.reply(big).error?.code == "too_large")
        // A body of the wrong shape names the field.
        var wrong = Envelope(type: "test.echo")
        wrong.body = try MessagePackRaw(encoding: ["text": "a", "count": "many"])
        let reply = try await fixture.reply(wrong)
        #expect(reply.error?.code == "invalid_argument")
        #expect(reply.error?.field == "count")
        var missing = Envelope(type: "test.echo")
        missing.body = try MessagePackRaw(encoding: ["text": "a"])
        #expect(try await fixture.reply(missing).error?.field == "count")
    }

    @Test("a command needs a key; a failed command stores nothing; a retried key returns the stored reply")
    func commands() async throws {
        let fixture = try Fixture()
        let noKey = try await fixture.reply(try Envelope.request(type: "test.note", body: Echo(text: "a", count: 1)))
        #expect(noKey.error?.field == "idempotencyKey")
        let failed = try await fixture.reply(try Envelope.request(
            type: "test.note", body: Echo(text: "b", count: -1), user: "ana", idempotencyKey: "k0"))
        #expect(failed.error?.code == "invalid_argument")
        #expect(try fixture.notes() == 0)
        let first = try await fixture.reply(try Envelope.request(
            type: "test.note", body: Echo(text: "c", count: 1), user: "ana", idempotencyKey: "k1"))
        let again = try await fixture.reply(try Envelope.request(
            type: "test.note", body: Echo(text: "c", count: 1), user: "ana", idempotencyKey: "k1"))
        #expect(first.error == nil && again.error == nil)
        #expect(first.body == again.body)
        #expect(try fixture.notes() == 1)
        // The same key from another user is that user's own key.
        let other = try await fixture.reply(try Envelope.request(
            type: "test.note", body: Echo(text: "d", count: 1), user: "bob", idempotencyKey: "k1"))
        #expect(other.error == nil)
        #expect(try fixture.notes() == 2)
        // The failed command's event was rolled back with it: the outbox holds two, gapless.
        let seqs = try await fixture.database.pool.read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM runtime_outbox ORDER BY seq") }
        #expect(seqs == [1, 2])
    }

    @Test("concurrent commands share transactions and each is stored once")
    func groupCommit() async throws {
        let fixture = try Fixture(maxInFlight: 1000)
        try await withThrowingTaskGroup(of: Envelope.self) { group in
            for index in 0..<300 {
                group.addTask {
                    try await fixture.reply(try Envelope.request(
                        type: "test.note", body: Echo(text: "n\(index)", count: index % 7 == 0 ? -1 : 1),
                        user: "ana", idempotencyKey: "g\(index)"))
                }
            }
            var failures = 0
            for try await reply in group where reply.error != nil { failures += 1 }
            #expect(failures == 43)
        }
        #expect(try fixture.notes() == 300 - 43)
        let seqs = try await fixture.database.pool.read { db in try Int64.fetchAll(db, sql: "SELECT seq FROM runtime_outbox ORDER BY seq") }
        #expect(seqs == Array(1...Int64(300 - 43)))
    }

    @Test("beyond the in-flight limit requests are refused with resource_exhausted, not queued without bound")
    func inFlightLimit() async throws {
        let fixture = try Fixture(maxInFlight: 10)
        let codes = try await withThrowingTaskGroup(of: String?.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try await fixture.reply(try Envelope.request(
                        type: "test.note", body: Echo(text: "x", count: 1), user: "ana", idempotencyKey: "l\(index)")).error?.code
                }
            }
            return try await group.reduce(into: [String?]()) { $0.append($1) }
        }
        #expect(codes.contains("resource_exhausted"))
        #expect(try fixture.notes() == codes.filter { $0 == nil }.count)
    }

    @Test("a user principal may not act for another user, and may not call privileged types")
    func principals() async throws {
        let fixture = try Fixture()
        let context = RequestContext(
            requestID: "r", type: "t", envelopeUser: "bob", principal: .user("ana"), timeZone: .current, sentAt: Date(),
            idempotencyKey: nil, logger: Logger(label: "t"))
        #expect(throws: QuenchError.self) { try context.actingUser() }
        #expect(throws: QuenchError.self) { try context.requirePrivileged() }
        let own = RequestContext(
            requestID: "r", type: "t", envelopeUser: nil, principal: .user("ana"), timeZone: .current, sentAt: Date(),
            idempotencyKey: nil, logger: Logger(label: "t"))
        #expect(try own.actingUser() == "ana")
        _ = fixture
    }
}
