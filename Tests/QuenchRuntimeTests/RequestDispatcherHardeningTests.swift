import Foundation
import GRDB
import Logging
import MessagePack
import QuenchProtocol
@testable import QuenchRuntime
import Testing

/// Issue 25's refusals at the dispatcher: idempotency keys scoped by principal and acting
/// user and bound to their request, envelope user ids and ids checked first, IANA zones
/// only (kept as sent), non-map bodies named, repeated and non-string keys refused.
@Suite("Request dispatcher: hardening")
struct RequestDispatcherHardeningTests {
    typealias Echo = RequestDispatcherTests.Echo
    typealias Fixture = RequestDispatcherTests.Fixture

    /// The fixture plus `test.other` (a second command type) and `test.zone` (answers the
    /// zone name its handler was given).
    static func fixture() throws -> Fixture {
        try Fixture { registry in
            registry.command(Command<Echo, Echo>(name: "test.other", service: "test")) { (request: Echo, _: WriteContext) throws -> Echo in request }
            registry.inline(Query<[String: String], String>(name: "test.zone", service: "test")) { (_: [String: String], context: RequestContext) in context.timeZoneName }
        }
    }

    static func note(_ text: String, user: String?, key: String?, count: Int = 1) throws -> Envelope {
        try Envelope.request(type: "test.note", body: Echo(text: text, count: count), user: user, idempotencyKey: key)
    }

    static let privileged: [Principal] = [.admin, .service("goals"), .insecure]

    @Test("one key used by an operator, a service or an insecure caller for two users runs both commands", arguments: privileged)
    func keyPerActingUser(principal: Principal) async throws {
        let fixture = try Self.fixture()
        let carol = try await fixture.reply(try Self.note("carol-250", user: "carol", key: "K"), principal: principal)
        let dave = try await fixture.reply(try Self.note("dave-100", user: "dave", key: "K"), principal: principal)
        #expect(carol.error == nil && dave.error == nil)
        #expect(try dave.decodeBody(Echo.self).text == "dave-100")
        #expect(try fixture.notes() == 2)
        // Each user's retry still gets that user's own stored reply.
        let again = try await fixture.reply(try Self.note("dave-100", user: "dave", key: "K"), principal: principal)
        #expect(try again.decodeBody(Echo.self).text == "dave-100")
        #expect(try fixture.notes() == 2)
        let rows = try await fixture.database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT user, scope FROM runtime_idempotency ORDER BY rowid").map { [$0["user"] as String, $0["scope"] as String] }
        }
        #expect(rows == [["carol", principal.description], ["dave", principal.description]])
    }

    @Test("the same key from two principals acting for one user are two keys; a user principal keeps its own")
    func keyPerPrincipal() async throws {
        let fixture = try Self.fixture()
        let admin = try await fixture.reply(try Self.note("by-admin", user: "ana", key: "K"), principal: .admin)
        let service = try await fixture.reply(try Self.note("by-goals", user: "ana", key: "K"), principal: .service("goals"))
        let own = try await fixture.reply(try Self.note("by-ana", user: nil, key: "K"), principal: .user("ana"))
        #expect(try admin.decodeBody(Echo.self).text == "by-admin")
        #expect(try service.decodeBody(Echo.self).text == "by-goals")
        #expect(try own.decodeBody(Echo.self).text == "by-ana")
        #expect(try fixture.notes() == 3)
        // A user principal naming itself explicitly is the same key as naming no one.
        let named = try await fixture.reply(try Self.note("by-ana", user: "ana", key: "K"), principal: .user("ana"))
        #expect(named.error == nil && named.body == own.body)
        #expect(try fixture.notes() == 3)
    }

    @Test("a key reused with another body or another type is a conflict naming the key; nothing runs", arguments: privileged + [.user("ana")])
    func keyBoundToRequest(principal: Principal) async throws {
        let fixture = try Self.fixture()
        let user: String? = principal == .user("ana") ? nil : "ana"
        let first = try await fixture.reply(try Self.note("water-250", user: user, key: "K-1"), principal: principal)
        #expect(first.error == nil)
        let coffee = try await fixture.reply(try Self.note("coffee-999", user: user, key: "K-1"), principal: principal)
        #expect(coffee.error?.code == "conflict")
        #expect(coffee.error?.field == "idempotencyKey")
        #expect(coffee.error?.message.contains("'K-1'") == true, "\(String(describing: coffee.error))")
        #expect(coffee.body == nil)
        var otherType = try Self.note("water-250", user: user, key: "K-1")
        otherType.type = "test.other"
        let other = try await fixture.reply(otherType, principal: principal)
        #expect(other.error?.code == "conflict")
        #expect(other.error?.field == "idempotencyKey")
        #expect(other.error?.message.contains("test.note") == true)
        // The same request again (a retry) still gets its stored reply.
        let retry = try await fixture.reply(try Self.note("water-250", user: user, key: "K-1"), principal: principal)
        #expect(retry.error == nil && retry.body == first.body)
        #expect(try fixture.notes() == 1)
    }

    static let badUsers = ["bob/evil", "alice/", "x\ny", "😀", String(repeating: "u", count: 5000), "", "a b", "ana\0", "ana:x", "ü"]

    @Test("an envelope user that breaks the key rule is invalid_argument on user, before anything else", arguments: badUsers)
    func badUser(user: String) async throws {
        let fixture = try Fixture(maxMessageBytes: 64 << 10)
        for principal in Self.privileged + [.user("bob")] {
            let command = try await fixture.reply(try Self.note("x", user: user, key: "k-\(principal)"), principal: principal)
            #expect(command.error?.code == "invalid_argument", "\(principal) \(user.prefix(20).debugDescription)")
            #expect(command.error?.field == "user")
            #expect(command.user == nil, "the bad id is not echoed")
            #expect(command.error.map { $0.message.utf8.count < 200 } == true)
            // Before the type is even looked up.
            let unknown = try await fixture.reply(Envelope(type: "test.nothing", user: user), principal: principal)
            #expect(unknown.error?.field == "user")
        }
        #expect(try fixture.notes() == 0)
    }

    @Test("ids the key rule admits pass", arguments: ["ana", "a", "bob.smith-2@example.org", "A_Z", String(repeating: "x", count: 64)])
    func goodUser(user: String) async throws {
        let fixture = try Self.fixture()
        let reply = try await fixture.reply(try Self.note("x", user: user, key: "k"), principal: .admin)
        #expect(reply.error == nil)
        #expect(UserIDRule.isValid(user) && Principal.isValidName(user))
        #expect(!UserIDRule.isValid(String(repeating: "x", count: 65)))
    }

    @Test("an envelope id must be 1 to 64 bytes of printable ASCII; the reply does not echo a bad one",
          arguments: ["", " ", "a b", "tab\t", "é", String(repeating: "i", count: 65)])
    func badID(id: String) async throws {
        let fixture = try Self.fixture()
        let reply = try await fixture.reply(Envelope(id: id, type: "test.echo", body: try MessagePackRaw(encoding: Echo(text: "a", count: 1))))
        #expect(reply.error?.code == "invalid_argument")
        #expect(reply.error?.field == "id")
        #expect(reply.replyTo == nil)
        let fine = try await fixture.reply(Envelope(id: "req-1", type: "test.echo", body: try MessagePackRaw(encoding: Echo(text: "a", count: 1))))
        #expect(fine.error == nil && fine.replyTo == "req-1")
        #expect(Envelope.isValidID(Envelope.newID()) && Envelope.isValidID(String(repeating: "i", count: 64)))
    }

    @Test("tz must be an IANA zone name", arguments: [
        "Europe/Berlin\0", "Europe/Berlin\0junk", "UTC+5", "GMT+5", "GMT+0500", "UTC-03:00", "europe/berlin", "Europe//Berlin",
        "Europe/Berlin/", "/Europe/Berlin", " Europe/Berlin", "Mars/Olympus", "", String(repeating: "A", count: 65),
    ])
    func badZone(zone: String) async throws {
        let fixture = try Self.fixture()
        let reply = try await fixture.reply(Envelope(type: "test.zone", timeZone: zone))
        #expect(reply.error?.code == "invalid_argument", "\(zone.debugDescription)")
        #expect(reply.error?.field == "tz")
        #expect(reply.error?.message.contains("\0") == false)
    }

    @Test("an IANA zone is handed to handlers exactly as sent", arguments: [
        "Europe/Berlin", "UTC", "GMT", "Etc/UTC", "US/Eastern", "Asia/Calcutta", "Asia/Kolkata", "America/Argentina/Buenos_Aires", "EST",
    ])
    func goodZone(zone: String) async throws {
        let fixture = try Self.fixture()
        let reply = try await fixture.reply(Envelope(type: "test.zone", timeZone: zone))
        #expect(reply.error == nil, "\(zone): \(String(describing: reply.error))")
        #expect(try reply.decodeBody(String.self) == zone)
        let absent = try await fixture.reply(Envelope(type: "test.zone"))
        #expect(try absent.decodeBody(String.self) == "UTC")
    }

    @Test("a body that is not a map is invalid_argument on field body", arguments: [
        [0x05], [0xa3, 0x61, 0x62, 0x63], [0x92, 0x01, 0x02], [0xc3],
    ] as [[UInt8]])
    func nonMapBody(body: [UInt8]) async throws {
        let fixture = try Self.fixture()
        for type in ["test.echo", "test.fail", "test.note"] {
            let reply = try await fixture.reply(Envelope(type: type, idempotencyKey: "k", body: try MessagePackRaw(validating: body)))
            #expect(reply.error?.code == "invalid_argument", "\(type)")
            #expect(reply.error?.field == "body", "\(type): \(String(describing: reply.error))")
        }
    }

    // MARK: Keys on the wire

    /// MessagePack pieces, written by hand (the encoders never repeat a key).
    enum Piece {
        case str(String), int(Int), date(Date), map([(Piece, Piece)]), bytes([UInt8])

        var bytes: [UInt8] {
            var writer = MessagePackWriter()
            switch self {
            case .str(let text): try? writer.write(text)
            case .int(let value): writer.write(value)
            case .date(let date): try? writer.write(date)
            case .bytes(let raw): return raw
            case .map(let entries):
                writer.writeMapHeader(entries.count)
                return writer.bytes + entries.flatMap { $0.0.bytes + $0.1.bytes }
            }
            return writer.bytes
        }
    }

    static func envelope(_ extra: [(Piece, Piece)] = [], body: Piece) -> [UInt8] {
        Piece.map([
            (.str("v"), .int(1)), (.str("id"), .str("r-1")), (.str("type"), .str("test.echo")),
            (.str("sentAt"), .date(Date(timeIntervalSince1970: 1_795_341_600))), (.str("body"), body),
        ] + extra).bytes
    }

    static let echoBody: [(Piece, Piece)] = [(.str("text"), .str("a")), (.str("count"), .int(1))]

    @Test("the fixture's hand-written envelope is answered (so the refusals below are about their keys)")
    func handWritten() async throws {
        let reply = try await Self.fixture().reply(bytes: Self.envelope(body: .map(Self.echoBody)))
        #expect(reply.error == nil && reply.replyTo == "r-1")
    }

    @Test("a repeated or non-string key in the envelope or anywhere in its body is malformed", arguments: [
        ("envelope type twice", envelope([(.str("type"), .str("test.fail"))], body: .map(echoBody))),
        ("envelope unknown key twice", envelope([(.str("x"), .int(1)), (.str("x"), .int(2))], body: .map(echoBody))),
        ("envelope int key", envelope([(.int(7), .int(1))], body: .map(echoBody))),
        ("body key twice", envelope(body: .map(echoBody + [(.str("count"), .int(2))]))),
        ("body int key", envelope(body: .map(echoBody + [(.int(1), .int(2))]))),
        ("nested key twice", envelope(body: .map(echoBody + [(.str("n"), .map([(.str("a"), .int(1)), (.str("a"), .int(1))]))]))),
        ("in an array", envelope(body: .map(echoBody + [(.str("n"), .bytes([0x91] + Piece.map([(.str("k"), .int(1)), (.str("k"), .int(1))]).bytes))]))),
        ("a large map's last key twice", envelope(body: .map(echoBody + (0..<40).map { (.str("k\($0)"), .int($0)) } + [(.str("k3"), .int(0))]))),
        ("a large map's bin key", envelope(body: .map(echoBody + (0..<40).map { (.str("k\($0)"), .int($0)) } + [(.bytes([0xc4, 0x01, 0x61]), .int(0))]))),
    ])
    func repeatedKeys(name: String, bytes: [UInt8]) async throws {
        let fixture = try Self.fixture()
        let reply = try await fixture.reply(bytes: bytes)
        #expect(reply.error?.code == "malformed", "\(name): \(String(describing: reply.error))")
        #expect(reply.error.map { $0.message.contains("key") } == true, "\(name): \(String(describing: reply.error))")
    }

    @Test("large maps of distinct keys pass")
    func largeDistinctMaps() async throws {
        let wide = Self.envelope(body: .map(Self.echoBody + (0..<2000).map { (.str("k\($0)"), .int($0)) } + [(.str(""), .int(0))]))
        let reply = try await Fixture(maxMessageBytes: 1 << 20).reply(bytes: wide)
        #expect(reply.error == nil, "\(String(describing: reply.error))")
    }
}
