import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// The `quench goal …` and `quench challenges …` commands, run as the built binary against
/// the real goals and health-ingest executables.
@Suite("CLI goals and challenges", .serialized)
struct CLIGoalsTests {
    typealias Run = CLIRunner.Result

    /// Runs `quench` with a client config naming `system`'s endpoints (insecure loopback).
    static func quench(_ system: GoalsSystem, _ arguments: [String]) throws -> Run {
        let config = system.directory.appendingPathComponent("client.json")
        if !FileManager.default.fileExists(atPath: config.path) {
            var services: [String: [String: String]] = [
                ServiceName.goals: ["rpc": system.goals.rpcEndpoint, "pub": system.goals.pubEndpoint],
            ]
            if let health = system.health {
                services[ServiceName.healthIngest] = ["rpc": health.rpcEndpoint, "pub": health.pubEndpoint]
            }
            let body: [String: Any] = ["services": services, "insecure": true]
            try JSONSerialization.data(withJSONObject: body).write(to: config)
        }
        return try run(arguments + ["--config", config.path, "--user", system.user, "--tz", system.timeZone, "--timeout", "2"])
    }

    /// Runs the built `quench` binary with `arguments`, outside any `QUENCH_` environment.
    static func run(_ arguments: [String]) throws -> Run {
        try CLIRunner(configPath: nil, user: nil).run(arguments)
    }

    @Test("goal, goal set, goal auto and goal history with --json and for people")
    func goalCommands() async throws {
        let system = try await GoalsSystem("cli-goal")
        let initial = try Self.quench(system, ["goal", "--json"]).json()
        #expect(initial["goalMl"] as? Double == 2500 && initial["source"] as? String == "default")
        #expect(initial["since"] is NSNull && initial["weightKg"] == nil)

        let set = try Self.quench(system, ["goal", "set", "2.5l", "--json"])
        #expect(set.status == 0, "\(set.stderr)")
        let reply = try set.json()
        #expect(reply["goalMl"] as? Double == 2500 && reply["source"] as? String == "manual" && reply["since"] as? String == system.today)
        let human = try Self.quench(system, ["goal", "set", "100oz"])
        #expect(human.status == 0 && human.stdout.contains("2,957") && human.stdout.contains("manual"), "\(human.stdout)")

        // The goal rule (GoalVolumeRule) is applied by the CLI before sending: exit 64, the argument named.
        let tooMuch = try Self.quench(system, ["goal", "set", "7l", "--json"])
        #expect(tooMuch.status == 64)
        let error = try JSONSerialization.jsonObject(with: Data(tooMuch.stderr.utf8)) as? [String: [String: Any]]
        #expect(error?["error"]?["code"] as? String == "invalid_argument" && error?["error"]?["field"] as? String == "AMOUNT")
        #expect((error?["error"]?["message"] as? String)?.contains("at most 6000 mL") == true)
        let notAnAmount = try Self.quench(system, ["goal", "set", "lots"])
        #expect(notAnAmount.status == 64 && notAnAmount.stderr.contains("not an amount"))
        let noAuto = try Self.quench(system, ["goal", "auto"])
        #expect(noAuto.status == 65 && noAuto.stderr.contains("body-mass"), "\(noAuto.stderr)")

        try await system.grantBodyMass()
        try await system.addWeight(160, unit: "lb")
        #expect(try await eventually { try Self.quench(system, ["goal", "--json"]).json()["source"] as? String == "auto" })
        let auto = try Self.quench(system, ["goal", "--json"]).json()
        #expect(auto["goalMl"] as? Double == 2366)
        #expect(abs((auto["weightKg"] as? Double ?? 0) - 72.5748) < 0.001)
        let shown = try Self.quench(system, ["goal"])
        #expect(shown.stdout.contains("2,366 mL") && shown.stdout.contains("72.6 kg"), "\(shown.stdout)")

        let pinned = try Self.quench(system, ["goal", "set", "3000", "--json"]).json()
        #expect(pinned["source"] as? String == "manual" && pinned["pinned"] as? Bool == true)
        let back = try Self.quench(system, ["goal", "auto", "--json"]).json()
        #expect(back["source"] as? String == "auto" && back["goalMl"] as? Double == 2366)

        let history = try Self.quench(system, ["goal", "history", "--json"]).json()
        let goals = try #require(history["goals"] as? [[String: Any]])
        #expect(goals.count == 1)
        #expect(goals.first?["startDay"] as? String == system.today && goals.first?["endDay"] is NSNull)
        #expect(goals.first?["goalMl"] as? Double == 2366 && goals.first?["source"] as? String == "auto")
        let table = try Self.quench(system, ["goal", "history"])
        #expect(table.status == 0 && table.stdout.contains(system.today) && table.stdout.contains("auto"))
        await system.close()
    }

    @Test("challenges load FILE, challenges, and a bad file named by item and field")
    func challengeCommands() async throws {
        let system = try await GoalsSystem("cli-challenges")
        let sample = Binaries.repositoryRoot.appendingPathComponent("deploy/sample-data/challenges.json").path
        let loaded = try Self.quench(system, ["challenges", "load", sample, "--json"])
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(try loaded.json()["created"] as? Int == 6)
        let list = try Self.quench(system, ["challenges", "--json"]).json()
        let challenges = try #require(list["challenges"] as? [[String: Any]])
        #expect(challenges.count == 6)
        #expect((challenges.first?["reward"] as? [String: Any])?["trophy"] != nil)
        let table = try Self.quench(system, ["challenges"])
        #expect(table.stdout.contains("hand") && !table.stdout.contains("zombie_hand") && table.stdout.contains("10,000 steps"), "\(table.stdout)")
        // Trophies by name in the user's language, as `challenges progress` shows them (issue 39 item 11).
        let german = try Self.quench(system, ["challenges", "--lang", "de"])
        #expect(german.stdout.contains("Zombiehand") && !german.stdout.contains("zombie_hand"), "\(german.stdout)")
        // An operator command: no --user needed (issue 39 item 18).
        let config = system.directory.appendingPathComponent("client.json").path
        let anonymous = try CLIRunner(configPath: nil, user: nil).run(["challenges", "load", sample, "--json", "--config", config])
        #expect(anonymous.status == 0, "challenges load without a user: \(anonymous.stderr)")
        #expect(try anonymous.json()["unchanged"] as? Int == 6, "\(anonymous.stdout)")

        let bad = system.directory.appendingPathComponent("bad.json")
        var text = try String(contentsOfFile: sample, encoding: .utf8)
        text = text.replacingOccurrences(of: #""trophy": "bronze", "points": 5 }"#, with: #""trophy": "platinum", "points": 5 }"#)
        try text.write(to: bad, atomically: true, encoding: .utf8)
        let rejected = try Self.quench(system, ["challenges", "load", bad.path])
        #expect(rejected.status == 65)
        #expect(rejected.stderr.contains("items[0].reward.trophy: must be one of bronze, silver, gold, zombie_hand, got 'platinum'"), "\(rejected.stderr)")

        let malformed = system.directory.appendingPathComponent("malformed.json")
        try #"{"items":[{"id":"a","title":"A","description":"","type":"step","goal":1000,"reward":{"trophy":"gold","points":1}},{"id":"b","title":"B","description":"","type":"step","goal":"many"}]}"#
            .write(to: malformed, atomically: true, encoding: .utf8)
        let unreadable = try Self.quench(system, ["challenges", "load", malformed.path])
        #expect(unreadable.status == 64 && unreadable.stderr.contains("items[1].goal: must be a number"), "\(unreadable.stderr)")
        let after = try Self.quench(system, ["challenges", "--json"]).json()
        #expect((after["challenges"] as? [[String: Any]])?.count == 6)
        await system.close()
    }

    @Test("challenges progress: analytics counts the days each goal was reached and the points")
    func progress() async throws {
        let system = try await AnalyticsSystem("cli-progress", timeZone: "UTC")
        let config = system.directory.appendingPathComponent("client.json")
        var services: [String: [String: String]] = [:]
        for (name, service) in [(ServiceName.goals, system.goals), (ServiceName.healthIngest, system.health), (ServiceName.analytics, system.analytics)] {
            services[name] = ["rpc": service.rpcEndpoint, "pub": service.pubEndpoint]
        }
        try JSONSerialization.data(withJSONObject: ["services": services, "insecure": true] as [String: Any]).write(to: config)
        func quench(_ arguments: [String]) throws -> Run {
            try Self.run(arguments + ["--config", config.path, "--user", system.user, "--tz", system.timeZone, "--timeout", "2"])
        }
        let sample = Binaries.repositoryRoot.appendingPathComponent("deploy/sample-data/challenges.json").path
        #expect(try quench(["challenges", "load", sample]).status == 0)
        let _: ConsentListReply = try await system.healthClient.call(
            MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: ["steps", "distance", "workouts"]), idempotencyKey: UUID().uuidString)
        func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
        let samples = [
            SampleInput(type: "steps", value: 12_000, unit: "count", start: at("2026-10-03T09:00:00Z"), end: at("2026-10-03T10:00:00Z")),
            SampleInput(type: "steps", value: 6_000, unit: "count", start: at("2026-10-04T09:00:00Z"), end: at("2026-10-04T10:00:00Z")),
            SampleInput(type: "distance", value: 11, unit: "km", start: at("2026-10-05T09:00:00Z"), end: at("2026-10-05T10:00:00Z")),
            // Running challenges count running workouts: this 11 km run (a walk would not count).
            SampleInput(
                type: "workout", value: 60, unit: "min", start: at("2026-10-05T09:00:00Z"), end: at("2026-10-05T10:00:00Z"),
                activity: "HKWorkoutActivityTypeRunning", distance: 11, distanceUnit: "km"),
        ]
        let _: AddSamplesReply = try await system.healthClient.call(
            MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: samples), idempotencyKey: UUID().uuidString)
        // 2 days × 5 (steps-5k) + 10 (steps-10k) + 5 (walk-5km) + 30 (run-10km), once analytics has caught up.
        let complete = try await eventually {
            try quench(["challenges", "progress", "--month", "2026-10", "--json"]).json()["totalPoints"] as? Int == 55
        }
        let run = try quench(["challenges", "progress", "--month", "2026-10", "--json"])
        #expect(complete, "\(run.stdout) \(run.stderr)")
        let entries = try #require(try run.json()["challenges"] as? [[String: Any]])
        func completed(_ id: String) -> Int? { entries.first { $0["id"] as? String == id }?["daysCompleted"] as? Int }
        #expect(completed("steps-5k") == 2 && completed("steps-10k") == 1 && completed("steps-20k") == 0)
        #expect(completed("walk-5km") == 1 && completed("run-10km") == 1 && completed("run-half-marathon") == 0)
        let human = try quench(["challenges", "progress", "--month", "2026-10"])
        #expect(human.status == 0 && human.stdout.contains("Points earned: 55"), "\(human.stdout)")
        #expect(try quench(["challenges", "progress", "--month", "2026-13"]).status == 64)
        await system.close()
    }
}
