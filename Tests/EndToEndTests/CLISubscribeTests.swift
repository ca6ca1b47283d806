import ChildProcess
import Foundation
import Testing

/// `quench subscribe` against the real goals service: a live `goal.changed`, then a replay.
@Suite("CLI: subscribe")
struct CLISubscribeTests {
    @Test("subscribe streams a goal.changed as a JSON line; --from-seq replays it; exit 0")
    func subscribeToGoalChanged() throws {
        let folder = temporaryDirectory("cli-subscribe")
        let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"))
        let config = try CLIRunner.writeConfig([goals], to: folder)
        let cli = CLIRunner(configPath: config, user: "ana")

        // A live subscriber, started first, stopping after one event.
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") }
        environment["QUENCH_USER"] = "ana"
        let live = try ChildCommand(
            try Binaries.url(of: "quench").path,
            arguments: ["subscribe", "goal.changed", "--json", "--count", "1", "--publisher", "goals", "--config", config],
            environment: environment, standardOutput: .pipe, standardError: .null
        ).spawn()
        defer { if live.isRunning { live.stop(signal: SIGKILL) } }

        // Change the goal until the subscriber has seen one (it may still be joining).
        var goal = 2000
        let deadline = Date().addingTimeInterval(patientWaitSeconds)
        while live.isRunning && Date() < deadline {
            let set = try cli.run(["goal", "set", "\(goal)ml"])
            #expect(set.status == 0, "\(set.stderr)")
            goal += 10
            Thread.sleep(forTimeInterval: 0.3)
        }
        #expect(live.wait() == .exited(0))
        let line = String(decoding: live.standardOutput?.readToEnd() ?? [], as: UTF8.self)
            .split(separator: "\n").first.map(String.init) ?? ""
        let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "got: \(line)")
        #expect(event["type"] as? String == "goal.changed")
        #expect(event["publisher"] as? String == "goals")
        #expect(event["user"] as? String == "ana")
        #expect((event["seq"] as? Int ?? 0) >= 1)
        let body = try #require(event["body"] as? [String: Any])
        #expect(body["source"] as? String == "manual")
        #expect(body["newGoalMl"] as? Double != nil)

        // Replay from the start: the first stored goal.changed, at once.
        let replay = try cli.run(["subscribe", "goal.", "--from-seq", "1", "--count", "1", "--json", "--publisher", "goals"])
        #expect(replay.status == 0, "\(replay.stderr)")
        let first = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.split(separator: "\n").first.map { Data($0.utf8) } ?? Data())) as? [String: Any])
        #expect(first["seq"] as? Int == 1)
        #expect((first["body"] as? [String: Any])?["newGoalMl"] as? Double == 2000)

        // For people: one line per event.
        let human = try cli.run(["subscribe", "--from-seq", "1", "--count", "1", "--publisher", "goals"])
        #expect(human.stdout.contains("goals #1") && human.stdout.contains("goal.changed"))
        goals.stop()
    }
}
