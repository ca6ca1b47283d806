import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// The challenge catalog through goals' real handlers (in process; live too with
/// `QUENCH_TEST_LIVE=1`): loads are upserts by id,
/// all or nothing, served from goals' own store.
@Suite("Goals challenges")
struct GoalsChallengesTests {
    struct Feed: Codable {
        var items: [Challenge]
    }

    static func sampleCatalog() throws -> [Challenge] {
        let url = Binaries.repositoryRoot.appendingPathComponent("deploy/sample-data/challenges.json")
        return try JSONDecoder().decode(Feed.self, from: Data(contentsOf: url)).items
    }

    static func load(_ system: GoalsSystem, _ items: [Challenge]) async throws -> LoadChallengesReply {
        try await system.goalsClient.call(
            MessageDescriptor.challengesLoad.name, LoadChallengesRequest(items: items), as: LoadChallengesReply.self,
            idempotencyKey: UUID().uuidString)
    }

    static func list(_ system: GoalsSystem) async throws -> [Challenge] {
        try await system.goalsClient.call(MessageDescriptor.challengesList.name, ListChallengesRequest(), as: ListChallengesReply.self).challenges
    }

    @Test("the sample catalog loads; a later load updates titles and rewards and keeps ids", arguments: TestMode.selected)
    func loadAndReload(mode: TestMode) async throws {
        let system = try await GoalsSystem("challenges", mode: mode, withHealth: false)
        let sample = try Self.sampleCatalog()
        #expect(sample.count == 6)
        let first = try await Self.load(system, sample)
        #expect(first == LoadChallengesReply(received: 6, created: 6, updated: 0, unchanged: 0))
        #expect(try await Self.list(system) == sample.sorted { $0.id < $1.id })

        var changed = sample
        changed[1].title = "Ten thousand, renamed"
        changed[1].reward = Challenge.Reward(trophy: "gold", points: 15)
        let second = try await Self.load(system, changed)
        #expect(second == LoadChallengesReply(received: 6, created: 0, updated: 1, unchanged: 5))
        let listed = try await Self.list(system)
        #expect(listed.map(\.id) == sample.map(\.id).sorted())
        #expect(listed.first { $0.id == sample[1].id }?.title == "Ten thousand, renamed")
        #expect(listed.first { $0.id == sample[1].id }?.reward == Challenge.Reward(trophy: "gold", points: 15))

        let upserts = try await system.goalsEvents().filter { $0.type == EventDescriptor.challengeUpserted.name }
        #expect(upserts.count == 7)
        #expect(try upserts.last?.decodeBody(ChallengeUpsertedBody.self).challenge.title == "Ten thousand, renamed")
        await system.close()
    }

    @Test("the catalog holds at most 500 challenges: a load past that is refused whole; updates still apply", arguments: TestMode.selected)
    func catalogBound(mode: TestMode) async throws {
        let system = try await GoalsSystem("challenges-bound", mode: mode, withHealth: false)
        let template = try Self.sampleCatalog()[0]
        func numbered(_ range: Range<Int>) -> [Challenge] {
            range.map { index in
                var item = template
                item.id = String(format: "c-%04d", index)
                return item
            }
        }
        #expect(try await Self.load(system, numbered(0..<450)).created == 450)
        await expectRejected(.failedPrecondition, field: "items", "a load making 501 challenges") {
            try await Self.load(system, numbered(400..<501))
        }
        #expect(try await Self.list(system).count == 450)
        var updates = numbered(0..<450) + numbered(450..<500)
        updates[0].title = "changed"
        let reply = try await Self.load(system, updates)
        #expect(reply.created == 50 && reply.updated == 1)
        await expectRejected(.failedPrecondition, field: "items", "a 501st challenge") {
            try await Self.load(system, numbered(500..<501))
        }
        #expect(try await Self.list(system).count == 500)
        await system.close()
    }

    @Test("a bad item rejects the whole file naming item and field; nothing is half-applied", arguments: TestMode.selected)
    func badFiles(mode: TestMode) async throws {
        let system = try await GoalsSystem("bad-challenges", mode: mode, withHealth: false)
        let sample = try Self.sampleCatalog()
        _ = try await Self.load(system, Array(sample.prefix(2)))

        var platinum = sample
        platinum[0].title = "would be renamed"
        platinum[3].reward.trophy = "platinum"
        do {
            _ = try await Self.load(system, platinum)
            Issue.record("a platinum trophy was accepted")
        } catch let error as QuenchError {
            #expect(error.code == .invalidArgument)
            #expect(error.field == "items[3].reward.trophy")
            #expect(error.message == "must be one of bronze, silver, gold, zombie_hand, got 'platinum'")
        }

        var swimming = sample
        swimming[5].type = "swimming"
        var duplicate = sample
        duplicate[4].id = duplicate[2].id
        var fractional = sample
        fractional[0].goal = 5000.5
        var nan = sample
        nan[2].goal = .nan
        let cases: [([Challenge], String)] = [
            (swimming, "items[5].type"), (duplicate, "items[4].id"), (fractional, "items[0].goal"), (nan, "items[2].goal"),
            ([], "items"), ((0...1000).map { index in var item = sample[0]; item.id = "c\(index)"; return item }, "items"),
        ]
        for (items, field) in cases {
            await expectRejected(.invalidArgument, field: field, "load with a bad \(field)") {
                try await Self.load(system, items)
            }
        }

        // A body that is not a list of challenges names the item and field too.
        struct Partial: Encodable {
            var id: String
            var title: String
        }
        struct PartialLoad: Encodable {
            var items: [Partial]
        }
        do {
            let _: LoadChallengesReply = try await system.goalsClient.call(
                MessageDescriptor.challengesLoad.name, PartialLoad(items: [Partial(id: "x", title: "no rest")]), idempotencyKey: UUID().uuidString)
            Issue.record("an item without type, goal and reward was accepted")
        } catch let error as QuenchError {
            #expect(error.code == .invalidArgument)
            #expect(error.field?.hasPrefix("items[0].") == true, "\(error)")
        }

        let listed = try await Self.list(system)
        #expect(listed == Array(sample.prefix(2)).sorted { $0.id < $1.id })
        #expect(try await system.goalsEvents().filter { $0.type == EventDescriptor.challengeUpserted.name }.count == 2)
        await system.close()
    }
}
