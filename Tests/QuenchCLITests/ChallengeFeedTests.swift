import Foundation
import NIOSSL
@testable import QuenchCLI
import QuenchProtocol
import QuenchTestSupport
import Testing

/// `quench challenges sync`'s two halves on their own: reading a feed item by item
/// (`ChallengeFeedParser`), and fetching it (`ChallengeFeed`, async-http-client) from a real
/// HTTP server on loopback (`Tests/python/catalog_server.py`): validators and 304s, 5xx,
/// timeouts of the head and of the body, size limits, redirects, a closed port.
@Suite("Challenges feed: parse and fetch", .serialized)
struct ChallengeFeedTests {
    static let good = [
        CatalogServer.item("steps-10k", points: 10),
        CatalogServer.item("walk-5km", type: "walking_distance", goal: 5000, trophy: "silver", points: 5),
    ]

    static func parse(_ json: String) throws -> ChallengeFeedParser.Parsed {
        try ChallengeFeedParser.parse(Data(json.utf8))
    }

    static func failure(_ json: String) -> ChallengeFeed.Failure? {
        do {
            _ = try parse(json)
            return nil
        } catch {
            return error as? ChallengeFeed.Failure
        }
    }

    @Test("one bad item among good ones is reported by index, id and field and left out")
    func oneBadItem() throws {
        let bad = CatalogServer.item("gold-rush", trophy: "platinum")
        let parsed = try Self.parse(CatalogServer.feed([Self.good[0], bad, Self.good[1]]))
        #expect(parsed.items.map(\.id) == ["steps-10k", "walk-5km"])
        #expect(parsed.skipped == [
            .init(index: 1, id: "gold-rush", field: "items[1].reward.trophy",
                  message: "must be one of bronze, silver, gold, zombie_hand, got 'platinum'"),
        ])
    }

    @Test("unknown types, repeated ids, unreadable fields and non-objects: each skipped with its rule")
    func eachRule() throws {
        let feed = CatalogServer.feed([
            Self.good[0],
            CatalogServer.item("swim-1k", type: "swimming_distance"),
            CatalogServer.item("steps-10k", points: 99),
            #"{"id":"half","title":"Half","description":"","type":"step","goal":"many","reward":{"trophy":"gold","points":1}}"#,
            #"{"id":"no-reward","title":"No reward","description":"","type":"step","goal":100}"#,
            #"{"id":7,"title":"Numbered","description":"","type":"step","goal":100,"reward":{"trophy":"gold","points":1}}"#,
            #""just text""#,
            CatalogServer.item("bad id!"),
            CatalogServer.item("zero", goal: 0),
            Self.good[1],
        ])
        let parsed = try Self.parse(feed)
        #expect(parsed.items.map(\.id) == ["steps-10k", "walk-5km"])
        #expect(parsed.items.first?.reward.points == 10, "the first of a repeated id wins")
        let byIndex = Dictionary(uniqueKeysWithValues: parsed.skipped.map { ($0.index, $0) })
        #expect(parsed.skipped.map(\.index) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(byIndex[1]?.field == "items[1].type" && byIndex[1]?.message.contains("got 'swimming_distance'") == true)
        #expect(byIndex[2]?.field == "items[2].id" && byIndex[2]?.message == "duplicates items[0].id 'steps-10k'")
        #expect(byIndex[3]?.field == "items[3].goal" && byIndex[3]?.message == "must be a number" && byIndex[3]?.id == "half")
        #expect(byIndex[4]?.field == "items[4].reward" && byIndex[4]?.message == "is required")
        #expect(byIndex[5]?.field == "items[5].id" && byIndex[5]?.id == nil)
        #expect(byIndex[6]?.field == "items[6]" && byIndex[6]?.message == "must be an object")
        #expect(byIndex[7]?.field == "items[7].id")
        #expect(byIndex[8]?.field == "items[8].goal")
    }

    @Test("a body that is no feed fails whole: not JSON, no items, too many, nothing usable")
    func wholeFailures() {
        #expect(Self.failure(#"{"items":[{"id":"a""#)?.code == .malformed)
        #expect(Self.failure(#"{"challenges":[]}"#)?.message == #"the feed is not {"items":[…]}: no "items" array"#)
        #expect(Self.failure("[1,2]")?.code == .malformed)
        #expect(Self.failure(CatalogServer.feed([]))?.message == "the feed has no challenges" && Self.failure(CatalogServer.feed([]))?.code == .malformed)
        #expect(Self.failure(CatalogServer.feed([CatalogServer.item("x", type: "yoga")]))?.message == "the feed's only challenge cannot be used")
        let two = CatalogServer.feed([CatalogServer.item("x", type: "yoga"), CatalogServer.item("y", points: -1)])
        #expect(Self.failure(two)?.message == "none of the feed's 2 challenges can be used")
        let many = CatalogServer.feed((0...1000).map { CatalogServer.item("c\($0)") })
        #expect(Self.failure(many)?.message == "items: at most 1000 challenges per feed, got 1001")
    }

    @Test("the feed URL: the argument, else $QUENCH_CHALLENGES_URL, else the client config's challengesURL, else the last sync's")
    func feedURLOrder() throws {
        let env = ["QUENCH_CHALLENGES_URL": "https://env.example/feed"]
        typealias Sync = Challenges.Sync
        #expect(try Sync.feedURL(argument: "https://arg.example/feed", environment: env, config: "https://config.example/feed", last: "https://last.example/feed")
            == "https://arg.example/feed")
        #expect(try Sync.feedURL(argument: nil, environment: env, config: "https://config.example/feed", last: "https://last.example/feed")
            == "https://env.example/feed")
        #expect(try Sync.feedURL(argument: nil, environment: ["QUENCH_CHALLENGES_URL": ""], config: "https://config.example/feed", last: nil)
            == "https://config.example/feed")
        #expect(try Sync.feedURL(argument: nil, environment: [:], config: nil, last: "https://last.example/feed") == "https://last.example/feed")
        #expect(throws: CLIError.self) { try Sync.feedURL(argument: nil, environment: [:], config: nil, last: nil) }
        // The client config keeps it under `challengesURL`.
        let config = try JSONDecoder().decode(
            ClientConfig.self, from: Data(#"{"services":{},"insecure":true,"challengesURL":"https://config.example/feed"}"#.utf8))
        #expect(config.challengesURL == "https://config.example/feed")
        #expect(ChallengeFeed.url("ftp://example.org/feed") == nil && ChallengeFeed.url("https://") == nil)
        #expect(ChallengeFeed.url("HTTPS://example.org/feed")?.host == "example.org")
    }

    // MARK: Fetching from a real server

    static func feed(_ server: CatalogServer, _ path: String = "catalog.json", timeout: Duration = .seconds(5), maxBytes: Int? = nil) -> ChallengeFeed {
        var feed = ChallengeFeed(url: URL(string: server.url(path))!, timeout: timeout)
        if let maxBytes { feed.maxBytes = maxBytes }
        return feed
    }

    static func fetchFailure(_ feed: ChallengeFeed, _ validators: ChallengeFeed.Validators? = nil) async -> ChallengeFeed.Failure? {
        do {
            _ = try await feed.fetch(validators)
            return nil
        } catch {
            return error as? ChallengeFeed.Failure
        }
    }

    @Test("200 with ETag and Last-Modified; the ETag sent back gives 304; a changed catalog a new ETag; Last-Modified alone also 304")
    func conditionalRequests() async throws {
        let server = try CatalogServer("conditional")
        defer { server.stop() }
        let stamp = "Tue, 03 Nov 2026 08:00:00 GMT"
        try server.serve(CatalogServer.feed(Self.good), lastModified: stamp)
        guard case .fetched(let body, let validators) = try await Self.feed(server).fetch(nil) else {
            Issue.record("no body")
            return
        }
        #expect(try ChallengeFeedParser.parse(body).items.count == 2)
        let etag = try #require(validators.etag)
        #expect(etag.hasPrefix("\"") && validators.lastModified == stamp)
        #expect(try await Self.feed(server).fetch(validators) == .notModified)
        #expect(try await Self.feed(server).fetch(.init(etag: nil, lastModified: stamp)) == .notModified)
        let sent = try server.requests()
        #expect(sent.count == 3 && sent[0].ifNoneMatch == nil && sent[0].ifModifiedSince == nil)
        #expect(sent[1].ifNoneMatch == etag && sent[1].ifModifiedSince == stamp)
        #expect(sent[2].ifNoneMatch == nil && sent[2].ifModifiedSince == stamp)

        try server.serve(CatalogServer.feed([Self.good[0]]), lastModified: "Wed, 04 Nov 2026 08:00:00 GMT")
        guard case .fetched(let changed, let next) = try await Self.feed(server).fetch(validators) else {
            Issue.record("a changed catalog gave no body")
            return
        }
        #expect(try ChallengeFeedParser.parse(changed).items.map(\.id) == ["steps-10k"])
        #expect(next.etag != etag && next.lastModified == "Wed, 04 Nov 2026 08:00:00 GMT")
    }

    @Test("5xx and a closed port are offline; 404 is not; redirects are followed")
    func statuses() async throws {
        let server = try CatalogServer("statuses")
        defer { server.stop() }
        try server.serve(CatalogServer.feed(Self.good))
        let failed = await Self.fetchFailure(Self.feed(server, "status/500"))
        #expect(failed?.offline == true && failed?.message.contains("500") == true)
        #expect(await Self.fetchFailure(Self.feed(server, "status/503"))?.offline == true)
        let missing = await Self.fetchFailure(Self.feed(server, "status/404"))
        #expect(missing?.code == .failedPrecondition && missing?.offline == false && missing?.message.contains("404") == true)
        let closed = ChallengeFeed(url: URL(string: "http://127.0.0.1:\(TestPorts.take())/catalog.json")!, timeout: .seconds(5))
        let start = ContinuousClock.now
        let refused = await Self.fetchFailure(closed)
        #expect(refused?.code == .unavailable && refused?.offline == true, "\(String(describing: refused))")
        #expect(refused?.message.hasSuffix("the feed cannot be reached: Connection refused") == true, "in the system's words: \(String(describing: refused))")
        #expect(ContinuousClock.now - start < .seconds(2), "a refused connection fails at once, not at the timeout")
        guard case .fetched(let body, _) = try await Self.feed(server, "redirect").fetch(nil) else {
            Issue.record("the redirect was not followed")
            return
        }
        #expect(try ChallengeFeedParser.parse(body).items.count == 2)
    }

    @Test("HTTPS: a certificate nobody trusts is refused (not offline); the catalog is not read")
    func untrustedCertificate() async throws {
        let server = try CatalogServer("tls", tls: true)
        defer { server.stop() }
        try server.serve(CatalogServer.feed(Self.good))
        let refused = await Self.fetchFailure(Self.feed(server))
        #expect(refused?.code == .failedPrecondition && refused?.offline == false, "\(String(describing: refused))")
        #expect(refused?.message.contains("TLS certificate or handshake was refused") == true, "\(String(describing: refused))")
        #expect(try server.requests().isEmpty, "no request got past the handshake")
    }

    @Test("HTTPS behind a private CA: trusted with its certificate the catalog is read; without it, or with another CA, refused")
    func privateCA() async throws {
        let authority = try TestCertificateAuthority("feed")
        let server = try CatalogServer("tls-ca", authority: authority)
        defer { server.stop() }
        try server.serve(CatalogServer.feed(Self.good))
        var trusted = Self.feed(server)
        trusted.extraTrustRoots = try ChallengeFeedCA(field: "--ca-file", path: authority.certificateFile.path).certificates()
        #expect(trusted.extraTrustRoots.count == 1)
        // The CA is trusted besides the system's roots, not instead of them (NIOSSL loads both).
        #expect(trusted.tlsConfiguration?.trustRoots == .default)
        #expect(trusted.tlsConfiguration?.additionalTrustRoots == [.certificates(trusted.extraTrustRoots)])
        #expect(trusted.tlsConfiguration?.certificateVerification == .fullVerification)
        #expect(Self.feed(server).tlsConfiguration == nil, "without a CA file, async-http-client's default: the system's roots")
        guard case .fetched(let body, let validators) = try await trusted.fetch(nil) else {
            Issue.record("no body over HTTPS with the CA trusted")
            return
        }
        #expect(try ChallengeFeedParser.parse(body).items.map(\.id) == ["steps-10k", "walk-5km"])
        #expect(validators.etag != nil)
        // The system's roots alone do not know this CA: refused, and the message says how to trust it.
        let untrusted = await Self.fetchFailure(Self.feed(server))
        #expect(untrusted?.code == .failedPrecondition && untrusted?.offline == false, "\(String(describing: untrusted))")
        #expect(untrusted?.message.contains("TLS certificate or handshake was refused") == true, "\(String(describing: untrusted))")
        #expect(untrusted?.message.contains("give its certificate with --ca-file") == true, "\(String(describing: untrusted))")
        // A certificate of the same CA for another address (127.0.0.2) is refused: the identity is still checked.
        let misnamedServer = try CatalogServer("tls-ca-other-ip", authority: authority, certifiedAddress: "127.0.0.2")
        defer { misnamedServer.stop() }
        try misnamedServer.serve(CatalogServer.feed(Self.good))
        var misnamedFeed = Self.feed(misnamedServer)
        misnamedFeed.extraTrustRoots = trusted.extraTrustRoots
        let misnamed = await Self.fetchFailure(misnamedFeed)
        #expect(misnamed?.code == .failedPrecondition && misnamed?.offline == false, "\(String(describing: misnamed))")
        #expect(try misnamedServer.requests().isEmpty)
        // Another CA does not vouch for this server's certificate.
        let other = try TestCertificateAuthority("other")
        var wrong = Self.feed(server)
        wrong.extraTrustRoots = try ChallengeFeedCA(field: "--ca-file", path: other.certificateFile.path).certificates()
        let refused = await Self.fetchFailure(wrong)
        #expect(refused?.code == .failedPrecondition && refused?.message.contains("--ca-file") == false, "\(String(describing: refused))")
        #expect(try server.requests().count == 1, "only the trusted fetch got past the handshake")
    }

    @Test("the CA file: --ca-file, else $QUENCH_CHALLENGES_CA_FILE, else challengesCAFile (relative to the config's folder); each bad file names where it came from and the rule")
    func caFileRules() throws {
        let env = ["QUENCH_CHALLENGES_CA_FILE": "/env/ca.pem"]
        #expect(ChallengeFeedCA.resolve(argument: "arg.pem", environment: env, config: "config.pem", configPath: "/etc/quench/client.json")
            == ChallengeFeedCA(field: "--ca-file", path: "arg.pem"))
        #expect(ChallengeFeedCA.resolve(argument: nil, environment: env, config: "config.pem", configPath: "/etc/quench/client.json")
            == ChallengeFeedCA(field: "QUENCH_CHALLENGES_CA_FILE", path: "/env/ca.pem"))
        #expect(ChallengeFeedCA.resolve(argument: nil, environment: ["QUENCH_CHALLENGES_CA_FILE": ""], config: "ca/feed.pem", configPath: "/etc/quench/client.json")
            == ChallengeFeedCA(field: "challengesCAFile", path: "/etc/quench/ca/feed.pem"))
        #expect(ChallengeFeedCA.resolve(argument: nil, environment: [:], config: "/abs/feed.pem", configPath: "/etc/quench/client.json")
            == ChallengeFeedCA(field: "challengesCAFile", path: "/abs/feed.pem"))
        #expect(ChallengeFeedCA.resolve(argument: nil, environment: [:], config: nil, configPath: "/etc/quench/client.json") == nil)
        let config = try JSONDecoder().decode(
            ClientConfig.self, from: Data(#"{"services":{},"insecure":true,"challengesCAFile":"feed-ca.pem"}"#.utf8))
        #expect(config.challengesCAFile == "feed-ca.pem")

        let folder = TestScratch.directory("ca-rules")
        func refusal(_ path: String, field: String = "--ca-file") -> String? {
            do {
                _ = try ChallengeFeedCA(field: field, path: path).certificates()
                return nil
            } catch let error as CLIError {
                #expect(error.exitCode == 64 && error.field == field)
                return error.description
            } catch {
                return "\(error)"
            }
        }
        let missing = folder.appendingPathComponent("missing.pem").path
        #expect(refusal(missing) == "--ca-file: cannot read '\(missing)' (No such file or directory); it must be a readable PEM file of CA certificates")
        #expect(refusal(folder.path, field: "challengesCAFile")?.hasPrefix("challengesCAFile: cannot read '\(folder.path)' (Is a directory)") == true)
        let text = folder.appendingPathComponent("text.pem")
        try Data("not a certificate\n".utf8).write(to: text)
        #expect(refusal(text.path, field: "QUENCH_CHALLENGES_CA_FILE")
            == "QUENCH_CHALLENGES_CA_FILE: '\(text.path)' holds no PEM certificate; it must be a PEM file of CA certificates (`-----BEGIN CERTIFICATE-----`)")
        let broken = folder.appendingPathComponent("broken.pem")
        try Data("-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n".utf8).write(to: broken)
        #expect(refusal(broken.path)?.contains("holds no PEM certificate") == true)
        let huge = folder.appendingPathComponent("huge.pem")
        try Data(repeating: 0x41, count: ChallengeFeedCA.maxBytes + 1).write(to: huge)
        #expect(refusal(huge.path)?.contains("larger than a CA file may be (1048576 bytes)") == true)
    }

    @Test("a slow head and a slow body both end at the timeout, as offline")
    func timeouts() async throws {
        let server = try CatalogServer("slow")
        defer { server.stop() }
        try server.serve(CatalogServer.feed(Self.good))
        for path in ["slow/5", "slow-body/5"] {
            let start = ContinuousClock.now
            let failure = await Self.fetchFailure(Self.feed(server, path, timeout: .milliseconds(700)))
            let took = ContinuousClock.now - start
            #expect(failure?.code == .deadlineExceeded && failure?.offline == true, "\(path): \(String(describing: failure))")
            #expect(took < .seconds(3), "\(path) took \(took)")
        }
    }

    @Test("bodies over the limit are refused, with Content-Length before reading and without it while reading")
    func sizeLimit() async throws {
        let server = try CatalogServer("huge")
        defer { server.stop() }
        let declared = await Self.fetchFailure(Self.feed(server, "huge/5000000"))
        #expect(declared?.code == .tooLarge && declared?.message.contains("5000000 bytes") == true)
        let streamed = await Self.fetchFailure(Self.feed(server, "huge-stream/5000000"))
        #expect(streamed?.code == .tooLarge && streamed?.offline == false)
        // Under the limit, the same body is read (and is a feed with no challenges).
        guard case .fetched(let body, _) = try await Self.feed(server, "huge-stream/2000", maxBytes: 4096).fetch(nil) else {
            Issue.record("a small streamed body was not read")
            return
        }
        #expect(body.count == 2000)
    }
}
