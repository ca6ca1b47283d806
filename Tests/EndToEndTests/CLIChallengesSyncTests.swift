import Foundation
import QuenchProtocol
import QuenchTestSupport
import QuenchTesting
import Testing

/// `quench challenges sync [URL]` end to end: the built `quench` binary fetching from a real
/// HTTP feed (`Tests/python/catalog_server.py`) and handing the catalog to the real goals
/// executable, which analytics follows.
@Suite("CLI challenges sync", .serialized)
struct CLIChallengesSyncTests {
    typealias Run = CLIRunner.Result

    /// A client config naming `system`'s goals, health-ingest and analytics (and `settings`).
    static func runner(
        _ system: AnalyticsSystem, settings: [String: Any] = [:], environment: [String: String] = [:]
    ) throws -> (_ arguments: [String]) throws -> Run {
        let config = system.directory.appendingPathComponent("client.json")
        var services: [String: [String: String]] = [:]
        for (name, service) in [(ServiceName.goals, system.goals), (ServiceName.healthIngest, system.health), (ServiceName.analytics, system.analytics)] {
            services[name] = ["rpc": service.rpcEndpoint, "pub": service.pubEndpoint]
        }
        let object = (["services": services, "insecure": true] as [String: Any]).merging(settings) { $1 }
        try JSONSerialization.data(withJSONObject: object).write(to: config)
        return { arguments in
            try CLIRunner(configPath: nil, user: nil, extraEnvironment: environment).run(
                arguments + ["--config", config.path, "--user", system.user, "--tz", system.timeZone, "--timeout", "2"])
        }
    }

    static func sample() throws -> String {
        try String(contentsOf: Binaries.repositoryRoot.appendingPathComponent("deploy/sample-data/challenges.json"), encoding: .utf8)
    }

    @Test("sync replaces, a second sync is a 304, a changed feed with a bad item replaces the rest, offline shows the cache, bad JSON keeps it")
    func syncFlow() async throws {
        let system = try await AnalyticsSystem("cli-sync", timeZone: "UTC")
        let server = try CatalogServer("cli-sync")
        defer { server.stop() }
        let quench = try Self.runner(system)
        let url = server.url()
        try server.serve(try Self.sample())

        let first = try quench(["challenges", "sync", url, "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let report = try first.json()
        #expect(report["outcome"] as? String == "replaced")
        #expect((report["replaced"] as? [String: Any])?["created"] as? Int == 6)
        let listed = try quench(["challenges", "--json"]).json()
        #expect((listed["challenges"] as? [[String: Any]])?.count == 6)
        let source = try #require(listed["source"] as? [String: Any])
        #expect(source["url"] as? String == url && source["outcome"] as? String == "replaced" && (source["etag"] as? String)?.isEmpty == false)
        let human = try quench(["challenges"])
        #expect(human.stdout.contains("From \(url), fetched just now") && human.stdout.contains("zombie") && !human.stdout.contains("zombie_hand"), "\(human.stdout)")

        // No URL: the last sync's. The catalog is unchanged: a 304 for the ETag sent.
        let again = try quench(["challenges", "sync", "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try again.json()["outcome"] as? String == "not_modified")
        #expect(try server.requests().last?.ifNoneMatch == source["etag"] as? String)
        #expect(try quench(["challenges", "sync"]).stdout.contains("The catalog is current"))

        // Changed: steps-10k pays 50, walk-5km is gone, and one bad item is left out.
        var feed = try JSONSerialization.jsonObject(with: Data(try Self.sample().utf8)) as! [String: Any]
        var items = feed["items"] as! [[String: Any]]
        items.removeAll { $0["id"] as? String == "walk-5km" }
        for index in items.indices where items[index]["id"] as? String == "steps-10k" {
            items[index]["reward"] = ["trophy": "silver", "points": 50]
        }
        items.append(["id": "bad-one", "title": "Bad", "description": "", "type": "step", "goal": 1000, "reward": ["trophy": "platinum", "points": 1]])
        feed["items"] = items
        try server.serve(String(decoding: try JSONSerialization.data(withJSONObject: feed), as: UTF8.self))
        let changed = try quench(["challenges", "sync"])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stderr.contains("skipped items[5].reward.trophy ('bad-one'): must be one of bronze, silver, gold, zombie_hand, got 'platinum'"), "\(changed.stderr)")
        #expect(changed.stdout.contains("5 challenges (0 new, 1 changed, 4 unchanged, 1 retired)"), "\(changed.stdout)")
        let after = try quench(["challenges", "--json"]).json()
        let catalog = try #require(after["challenges"] as? [[String: Any]])
        #expect(catalog.count == 5 && !catalog.contains { $0["id"] as? String == "walk-5km" })
        #expect((catalog.first { $0["id"] as? String == "steps-10k" }?["reward"] as? [String: Any])?["points"] as? Int == 50)
        #expect((after["source"] as? [String: Any])?["skipped"] as? Int == 1)
        #expect(try quench(["challenges"]).stdout.contains("1 bad item of the feed left out"))

        // Offline: a 5xx, then a slow feed: the cached catalog with its age, exit 69.
        let failing = try quench(["challenges", "sync", server.url("status/500")])
        #expect(failing.status == 69, "\(failing.stdout) \(failing.stderr)")
        #expect(failing.stdout.contains("From \(url), fetched") && failing.stdout.contains("steps-10k"), "\(failing.stdout)")
        #expect(failing.stderr.contains("500") && failing.stderr.contains("the catalog was kept"), "\(failing.stderr)")
        let slow = try quench(["challenges", "sync", server.url("slow/5"), "--fetch-timeout", "0.5", "--json"])
        let cached = try slow.json()["challenges"] as? [[String: Any]]
        #expect(slow.status == 69 && cached?.count == 5, "\(slow.stdout) \(slow.stderr)")
        #expect(try slow.jsonError()["code"] as? String == "unavailable")

        // Not JSON: refused whole (exit 65), the catalog kept, no cached listing.
        try server.serve(#"{"items":[{"id":"#)
        let malformed = try quench(["challenges", "sync"])
        #expect(malformed.status == 65 && malformed.stderr.contains("the feed is not JSON"), "\(malformed.stderr)")
        #expect((try quench(["challenges", "--json"]).json()["challenges"] as? [[String: Any]])?.count == 5)

        // The feed's server gone: the failure is noted with the catalog's source.
        server.stop()
        let gone = try quench(["challenges", "sync"])
        #expect(gone.status == 69 && gone.stdout.contains("steps-10k"), "\(gone.stdout) \(gone.stderr)")
        let noted = try quench(["challenges"])
        #expect(noted.stdout.contains("; the last check just now failed: the feed cannot be reached"), "\(noted.stdout)")
        #expect(try quench(["challenges", "sync", "ftp://example.org/x"]).status == 64)
        await system.close()
    }

    @Test("a stored sync failure is said in the reader's language: a sync in English fails (bad JSON, then the server gone), quench challenges --lang de/fr says why in German/French")
    func storedFailureInTheReadersLanguage() async throws {
        let system = try await AnalyticsSystem("cli-sync-reason", timeZone: "UTC")
        let server = try CatalogServer("cli-sync-reason")
        defer { server.stop() }
        let quench = try Self.runner(system)
        try server.serve(try Self.sample())
        let synced = try quench(["challenges", "sync", server.url(), "--lang", "en"])
        #expect(synced.status == 0, "\(synced.stderr)")

        // The sync runs in English (a timer's); the failure is kept as a code with its values.
        try server.serve(#"{"items":[{"id":"#)
        let malformed = try quench(["challenges", "sync", "--lang", "en"])
        #expect(malformed.status == 65, "\(malformed.stderr)")
        let source = try #require(try quench(["challenges", "--json"]).json()["source"] as? [String: Any])
        #expect(source["outcome"] as? String == "failed" && source["detail"] as? String == "the feed is not JSON", "\(source)")
        #expect((source["reason"] as? [String: Any])?["code"] as? String == "feed.not_json", "\(source)")
        let german = try quench(["challenges", "--lang", "de"])
        #expect(german.stdout.contains("die letzte Prüfung gerade eben schlug fehl: der Feed ist kein JSON."), "\(german.stdout)")
        #expect(!german.stdout.contains("the feed is not JSON"), "\(german.stdout)")
        let french = try quench(["challenges", "--lang", "fr"])
        #expect(french.stdout.contains("la dernière vérification à l’instant a échoué : le flux n’est pas du JSON."), "\(french.stdout)")

        // The server gone: the system's reason in the reader's words too; English as it was.
        server.stop()
        #expect(try quench(["challenges", "sync", "--lang", "en"]).status == 69)
        let gone = try quench(["challenges", "--lang", "de"])
        #expect(gone.stdout.contains("schlug fehl: der Feed ist nicht erreichbar: Verbindung abgelehnt."), "\(gone.stdout)")
        let english = try quench(["challenges", "--lang", "en"])
        #expect(english.stdout.contains("; the last check just now failed: the feed cannot be reached: Connection refused."), "\(english.stdout)")
        await system.close()
    }

    @Test("HTTPS behind a private CA: refused without it (65); a bad CA file exits 64 before any fetch; --ca-file, $QUENCH_CHALLENGES_CA_FILE or challengesCAFile stores the catalog")
    func privateCA() async throws {
        let system = try await AnalyticsSystem("cli-sync-ca", timeZone: "UTC")
        let authority = try TestCertificateAuthority("cli-sync")
        let server = try CatalogServer("cli-sync-ca", authority: authority)
        defer { server.stop() }
        let quench = try Self.runner(system)
        let url = server.url()
        #expect(url.hasPrefix("https://127.0.0.1:"))
        let sample = try Self.sample()
        try server.serve(sample)
        let sampleIDs = ((try JSONSerialization.jsonObject(with: Data(sample.utf8)) as? [String: Any])?["items"] as? [[String: Any]] ?? [])
            .compactMap { $0["id"] as? String }.sorted()
        #expect(sampleIDs.count == 6)
        let empty = try quench(["challenges", "--json"]).stdout

        // The system's trust roots alone: refused as a certificate nobody trusts, with the way out named.
        let refused = try quench(["challenges", "sync", url])
        #expect(refused.status == 65, "\(refused.stdout) \(refused.stderr)")
        #expect(refused.stderr.contains("TLS certificate or handshake was refused") && refused.stderr.contains("--ca-file"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the catalog was kept"), "\(refused.stderr)")
        #expect(try server.requests().isEmpty, "no request got past the handshake")

        // A CA file that cannot be used: a usage error naming where it came from, before any fetch.
        let scratch = TestScratch.directory("cli-sync-ca-files")
        let missing = scratch.appendingPathComponent("missing.pem").path
        let notPEM = scratch.appendingPathComponent("notes.txt")
        try Data("the CA is on the wiki\n".utf8).write(to: notPEM)
        let noFile = try quench(["challenges", "sync", url, "--ca-file", missing])
        #expect(noFile.status == 64, "\(noFile.stderr)")
        #expect(noFile.stderr.contains("--ca-file: cannot read '\(missing)' (No such file or directory); it must be a readable PEM file of CA certificates"),
                "\(noFile.stderr)")
        let noPEM = try quench(["challenges", "sync", url, "--ca-file", notPEM.path, "--json"])
        #expect(noPEM.status == 64, "\(noPEM.stderr)")
        let error = try noPEM.jsonError()
        #expect(error["field"] as? String == "--ca-file" && (error["message"] as? String)?.contains("holds no PEM certificate") == true, "\(noPEM.stderr)")
        let fromEnvironment = try Self.runner(system, environment: ["QUENCH_CHALLENGES_CA_FILE": notPEM.path])(["challenges", "sync", url])
        #expect(fromEnvironment.status == 64 && fromEnvironment.stderr.contains("QUENCH_CHALLENGES_CA_FILE: '\(notPEM.path)' holds no PEM certificate"),
                "\(fromEnvironment.stderr)")
        #expect(try server.requests().isEmpty)
        #expect(try quench(["challenges", "--json"]).stdout == empty, "nothing changed in the catalog")

        // Its CA trusted: the catalog is stored.
        let synced = try quench(["challenges", "sync", url, "--ca-file", authority.certificateFile.path, "--json"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let report = try synced.json()
        #expect(report["outcome"] as? String == "replaced" && (report["replaced"] as? [String: Any])?["created"] as? Int == 6, "\(synced.stdout)")
        let listed = try quench(["challenges", "--json"])
        let catalog = try #require(try listed.json()["challenges"] as? [[String: Any]])
        #expect(catalog.compactMap { $0["id"] as? String }.sorted() == sampleIDs)
        #expect((catalog.first { $0["id"] as? String == "steps-10k" }?["reward"] as? [String: Any])?["points"] as? Int == 10)
        #expect((try listed.json()["source"] as? [String: Any])?["url"] as? String == url)

        // A bad CA file after that keeps the catalog as it was.
        #expect(try quench(["challenges", "sync", url, "--ca-file", missing]).status == 64)
        #expect(try quench(["challenges", "--json"]).stdout == listed.stdout, "a bad CA file changed nothing")

        // The same CA from the environment: the ETag sent back, a 304.
        let environmentCA = try Self.runner(system, environment: ["QUENCH_CHALLENGES_CA_FILE": authority.certificateFile.path])
        let current = try environmentCA(["challenges", "sync", "--json"])
        #expect(current.status == 0, "\(current.stderr)")
        #expect(try current.json()["outcome"] as? String == "not_modified", "\(current.stdout)")

        // From the client config, relative to its folder: a changed feed replaces the catalog.
        try FileManager.default.copyItem(at: authority.certificateFile, to: system.directory.appendingPathComponent("feed-ca.pem"))
        try server.serve(CatalogServer.feed([CatalogServer.item("steps-10k", points: 25)]))
        let configured = try Self.runner(system, settings: ["challengesURL": url, "challengesCAFile": "feed-ca.pem"])
        let changed = try configured(["challenges", "sync"])
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(changed.stdout.contains("1 challenge (0 new, 1 changed, 0 unchanged, 5 retired)"), "\(changed.stdout)")
        let after = try #require(try configured(["challenges", "--json"]).json()["challenges"] as? [[String: Any]])
        #expect(after.count == 1 && (after.first?["reward"] as? [String: Any])?["points"] as? Int == 25)
        #expect(try server.requests().count == 3, "three fetches got past the handshake, each with the CA")
        await system.close()
    }

    @Test("the reward in force on the day it was earned: points changed now leave every day already over as it was, in every zone")
    func rewardInForce() async throws {
        // The user lives where the day starts first (UTC+14); the operator syncs from UTC−12,
        // a day or two behind. Her yesterday is over: a change must not rescore it, whatever
        // the zone the sync runs in; her today earns the new points.
        let east = "Pacific/Kiritimati"
        let system = try await AnalyticsSystem("cli-sync-reward", timeZone: east)
        let server = try CatalogServer("cli-sync-reward")
        defer { server.stop() }
        let quench = try Self.runner(system)
        let config = system.directory.appendingPathComponent("client.json").path
        func sync(_ arguments: [String]) throws -> Run {
            try CLIRunner(configPath: nil, user: nil).run(
                ["challenges", "sync"] + arguments + ["--config", config, "--user", system.user, "--tz", "Etc/GMT+12", "--timeout", "2"])
        }
        try await system.grant([.steps])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: east)!
        let today = calendar.startOfDay(for: Date())
        let yesterday = today.addingTimeInterval(-86_400)
        // Today's steps a minute ago (or at her midnight, just after it).
        let start = max(today, Date().addingTimeInterval(-60))
        try await system.addSamples([
            SampleInput(type: "steps", value: 12_000, unit: "count", start: yesterday.addingTimeInterval(3600), end: yesterday.addingTimeInterval(7200)),
            SampleInput(type: "steps", value: 12_000, unit: "count", start: start, end: start.addingTimeInterval(1)),
        ])
        let days = [LocalDay(instant: yesterday, timeZone: calendar.timeZone), LocalDay(instant: today, timeZone: calendar.timeZone)]
        func points() throws -> [String: Int] {
            var byDay: [String: Int] = [:]
            for month in Set(days.map { String($0.description.prefix(7)) }) {
                let reply = try quench(["challenges", "progress", "--month", month, "--json"]).json()
                for entry in reply["challenges"] as? [[String: Any]] ?? [] where entry["id"] as? String == "steps-10k" {
                    for day in entry["days"] as? [[String: Any]] ?? [] {
                        if let name = day["day"] as? String, let earned = day["points"] as? Int { byDay[name] = earned }
                    }
                }
            }
            return byDay
        }
        let expectedBefore = [days[0].description: 10, days[1].description: 10]
        try server.serve(CatalogServer.feed([CatalogServer.item("steps-10k", points: 10)]))
        #expect(try sync([server.url()]).status == 0)
        let scored = try await eventually { try points() == expectedBefore }
        let seen = try points()
        #expect(scored, "\(seen)")

        try server.serve(CatalogServer.feed([CatalogServer.item("steps-10k", points: 50)]))
        let resync = try sync(["--json"])
        #expect(resync.status == 0, "\(resync.stderr)")
        // The change counts from today where the day starts first, not from the sync's day.
        #expect((try resync.json()["replaced"] as? [String: Any])?["effectiveDay"] as? String == days[1].description)
        let expectedAfter = [days[0].description: 10, days[1].description: 50]
        let rescored = try await eventually { try points() == expectedAfter }
        let now = try points()
        #expect(rescored, "yesterday keeps 10, today earns 50: \(now)")
        // Analytics rebuilt from the events alone gives the same days.
        let rebuilt = try quench(["analytics", "rebuild"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        let same = try await eventually { try points() == expectedAfter }
        let afterRebuild = try points()
        #expect(same, "after a rebuild: \(afterRebuild)")
        await system.close()
    }
}
