import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// A feed's catalog through goals' real handlers (in process; live too with
/// `QUENCH_TEST_LIVE=1`): `challenges.replace` replaces the catalog in one transaction and
/// keeps where it came from; `challenges.checked` notes a 304 or a failure; every change is
/// an event carrying the day it takes effect.
@Suite("Goals challenge feeds")
struct GoalsChallengeSyncTests {
    static let url = "https://feeds.example.org/challenges.json"

    static func replace(
        _ system: GoalsSystem, _ items: [Challenge], url: String = url, etag: String? = "\"v1\"", skipped: Int? = nil
    ) async throws -> ReplaceChallengesReply {
        try await system.goalsClient.call(
            MessageDescriptor.challengesReplace.name,
            ReplaceChallengesRequest(items: items, url: url, etag: etag, lastModified: "Tue, 03 Nov 2026 08:00:00 GMT", skipped: skipped),
            as: ReplaceChallengesReply.self, idempotencyKey: UUID().uuidString)
    }

    static func checked(
        _ system: GoalsSystem, url: String = url, outcome: String, detail: String? = nil, reason: ChallengeSyncReason? = nil
    ) async throws -> ChallengesCheckedReply {
        try await system.goalsClient.call(
            MessageDescriptor.challengesChecked.name, ChallengesCheckedRequest(url: url, outcome: outcome, detail: detail, reason: reason),
            as: ChallengesCheckedReply.self, idempotencyKey: UUID().uuidString)
    }

    static func listed(_ system: GoalsSystem) async throws -> ListChallengesReply {
        try await system.goalsClient.call(MessageDescriptor.challengesList.name, ListChallengesRequest(), as: ListChallengesReply.self)
    }

    /// The day changes take effect: today where the day starts first (UTC+14), whatever the
    /// request's zone, so no change rescores a day that is over anywhere.
    static func today(_ system: GoalsSystem) -> LocalDay {
        LocalDay(instant: Date(), timeZone: TimeZone(identifier: "Pacific/Kiritimati")!)
    }

    @Test("replace: upserts, retires the rest, keeps the source; events carry the effective day", arguments: TestMode.selected)
    func replaceCatalog(mode: TestMode) async throws {
        let system = try await GoalsSystem("sync-replace", mode: mode, withHealth: false)
        let sample = try GoalsChallengesTests.sampleCatalog()
        let first = try await Self.replace(system, sample, skipped: 2)
        #expect(first.created == 6 && first.retired == 0 && first.effectiveDay == Self.today(system))
        var listed = try await Self.listed(system)
        #expect(listed.challenges.count == 6)
        let source = try #require(listed.source)
        #expect(source.url == Self.url && source.etag == "\"v1\"" && source.lastModified == "Tue, 03 Nov 2026 08:00:00 GMT")
        #expect(source.outcome == "replaced" && source.skipped == 2 && source.fetchedAt == source.checkedAt)
        #expect(abs(source.fetchedAt.timeIntervalSinceNow) < 60)

        var next = Array(sample.dropLast())
        next[0].reward.points = 99
        let second = try await Self.replace(system, next, etag: "\"v2\"")
        #expect(second.created == 0 && second.updated == 1 && second.unchanged == 4 && second.retired == 1)
        listed = try await Self.listed(system)
        #expect(listed.challenges.map(\.id) == next.map(\.id).sorted() && listed.source?.etag == "\"v2\"" && listed.source?.skipped == 0)

        let events = try await system.goalsEvents()
        let upserts = try events.filter { $0.type == EventDescriptor.challengeUpserted.name }.map { try $0.decodeBody(ChallengeUpsertedBody.self) }
        #expect(upserts.count == 7 && upserts.allSatisfy { $0.effectiveDay == Self.today(system) })
        #expect(upserts.last?.challenge.reward.points == 99)
        let retired = try events.filter { $0.type == EventDescriptor.challengeRetired.name }.map { try $0.decodeBody(ChallengeRetiredBody.self) }
        #expect(retired == [ChallengeRetiredBody(id: sample.last!.id, effectiveDay: Self.today(system))])
        await system.close()
    }

    @Test("replace refuses bad items, too many, no items and bad sources whole: nothing changes", arguments: TestMode.selected)
    func replaceRules(mode: TestMode) async throws {
        let system = try await GoalsSystem("sync-rules", mode: mode, withHealth: false)
        let sample = try GoalsChallengesTests.sampleCatalog()
        _ = try await Self.replace(system, sample)
        var platinum = sample
        platinum[2].reward.trophy = "platinum"
        await expectRejected(.invalidArgument, field: "items[2].reward.trophy", "a platinum trophy") {
            try await Self.replace(system, Array(platinum.prefix(3)))
        }
        await expectRejected(.invalidArgument, field: "items", "an empty feed") { try await Self.replace(system, []) }
        let many = (0...500).map { index in
            var item = sample[0]
            item.id = "c\(index)"
            return item
        }
        await expectRejected(.failedPrecondition, field: "items", "501 challenges") { try await Self.replace(system, many) }
        for url in ["ftp://example.org/x", "not a url", "https://", String(repeating: "a", count: 3000)] {
            await expectRejected(.invalidArgument, field: "url", "url \(url.prefix(20))") { try await Self.replace(system, sample, url: url) }
        }
        await expectRejected(.invalidArgument, field: "etag", "an ETag with a newline") {
            try await Self.replace(system, sample, etag: "\"a\"\n")
        }
        await expectRejected(.invalidArgument, field: "skipped", "negative skipped") { try await Self.replace(system, sample, skipped: -1) }
        let listed = try await Self.listed(system)
        #expect(listed.challenges.count == 6 && listed.source?.etag == "\"v1\"")
        await system.close()
    }

    @Test("checked: a 304 and a failure of the source are noted; another URL or no source changes nothing", arguments: TestMode.selected)
    func checks(mode: TestMode) async throws {
        let system = try await GoalsSystem("sync-checked", mode: mode, withHealth: false)
        #expect(try await Self.checked(system, outcome: "failed", detail: "timeout").source == nil)
        let sample = try GoalsChallengesTests.sampleCatalog()
        let fetched = try await Self.replace(system, sample).source
        try await Task.sleep(for: .milliseconds(20))
        let current = try #require(try await Self.checked(system, outcome: "not_modified").source)
        #expect(current.outcome == "not_modified" && current.checkedAt > fetched.checkedAt)
        #expect(abs(current.fetchedAt.timeIntervalSince(fetched.fetchedAt)) < 0.001, "the catalog's age stays")
        #expect(current.etag == fetched.etag)
        let failed = try #require(try await Self.checked(system, outcome: "failed", detail: "the feed answered 503\u{07}").source)
        #expect(failed.outcome == "failed" && failed.detail == "the feed answered 503")
        let other = try await Self.checked(system, url: "https://elsewhere.example.org/feed", outcome: "failed", detail: "x")
        #expect(other.source == failed)
        await expectRejected(.invalidArgument, field: "outcome", "outcome replaced") {
            try await Self.checked(system, outcome: "replaced")
        }
        #expect(try await Self.listed(system).source == failed)
        #expect(try await Self.listed(system).challenges.count == 6)
        await system.close()
    }

    @Test("checked: a failure's reason (code and values) is kept beside the English detail, cleared by the next check; a bad one is refused naming it", arguments: TestMode.selected)
    func checkReason(mode: TestMode) async throws {
        let system = try await GoalsSystem("sync-reason", mode: mode, withHealth: false)
        _ = try await Self.replace(system, try GoalsChallengesTests.sampleCatalog())
        let reason = ChallengeSyncReason("feed.server_failed", ["status": "503", "reason": "Service Unavailable\u{07}"])
        let failed = try #require(try await Self.checked(system, outcome: "failed", detail: "the feed answered 503", reason: reason).source)
        #expect(failed.reason == ChallengeSyncReason("feed.server_failed", ["status": "503", "reason": "Service Unavailable"]), "\(failed)")
        #expect(try await Self.listed(system).source?.reason == failed.reason)
        // An older client sends no reason: the detail alone, as before.
        let older = try #require(try await Self.checked(system, outcome: "failed", detail: "timeout").source)
        #expect(older.reason == nil && older.detail == "timeout")
        _ = try await Self.checked(system, outcome: "failed", detail: "x", reason: reason)
        #expect(try await Self.checked(system, outcome: "not_modified").source?.reason == nil)
        await expectRejected(.invalidArgument, field: "reason.code", "a code with a space") {
            try await Self.checked(system, outcome: "failed", detail: "x", reason: ChallengeSyncReason("feed not json"))
        }
        let many = Dictionary(uniqueKeysWithValues: (0...ChallengeSyncReason.maxValues).map { ("k\($0)", "v") })
        await expectRejected(.invalidArgument, field: "reason.values", "17 values") {
            try await Self.checked(system, outcome: "failed", detail: "x", reason: ChallengeSyncReason("feed.not_json", many))
        }
        #expect(try await Self.listed(system).source?.outcome == "not_modified", "the refused checks changed nothing")
        await system.close()
    }
}
