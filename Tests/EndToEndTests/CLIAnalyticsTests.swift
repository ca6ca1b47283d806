import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// `quench today`, `history`, `steps`, `orm` and `analytics …`, run as the built binary
/// against the four real service executables.
@Suite("CLI analytics", .serialized)
struct CLIAnalyticsTests {
    typealias Run = CLIRunner.Result

    /// Runs `quench` with a client config naming `system`'s endpoints (insecure loopback).
    static func quench(_ system: AnalyticsSystem, _ arguments: [String]) throws -> Run {
        let config = system.directory.appendingPathComponent("client.json")
        if !FileManager.default.fileExists(atPath: config.path) {
            var services: [String: [String: String]] = [:]
            for (name, service) in [
                (ServiceName.intake, system.intake), (ServiceName.goals, system.goals),
                (ServiceName.healthIngest, system.health), (ServiceName.analytics, system.analytics),
            ] {
                services[name] = ["rpc": service.rpcEndpoint, "pub": service.pubEndpoint]
            }
            try JSONSerialization.data(withJSONObject: ["services": services, "insecure": true] as [String: Any]).write(to: config)
        }
        return try CLIRunner(configPath: nil, user: nil, timeZone: system.timeZone)
            .run(arguments + ["--config", config.path, "--user", system.user, "--tz", system.timeZone, "--timeout", "2"])
    }

    @Test("today, history, steps and orm: the JSON fields of CLI.md, and text for people")
    func answers() async throws {
        let zone = AnalyticsTime.midday()
        let system = try await AnalyticsSystem("cli", timeZone: zone)
        let today = AnalyticsTime.today(zone)
        try await system.setGoal(2000)
        try await system.log(1200)
        try await system.log(2600, at: AnalyticsTime.noon(today.adding(days: -1), zone))
        try await system.grant([.steps, .workouts])
        let start = Date().addingTimeInterval(-3600)
        try await system.addSamples([
            SampleInput(type: "steps", value: 12_345, unit: "count", start: start, end: start.addingTimeInterval(600), source: "Watch"),
            SampleInput(type: "strength", value: 100, unit: "kg", day: today.adding(days: -1).description, exercise: "Back Squat", sets: 1, reps: 10),
            SampleInput(type: "strength", value: 100, unit: "kg", day: today.description, exercise: "Back Squat", sets: 2, reps: 15),
        ])
        try await system.waitUntilCaughtUp()

        let summary = try Self.quench(system, ["today", "--json"]).json()
        #expect(summary["day"] as? String == today.description && summary["totalWaterMl"] as? Double == 1200)
        #expect(summary["goalMl"] as? Double == 2000 && summary["goalSource"] as? String == "manual")
        #expect(summary["percent"] as? Double == 60 && summary["remainingMl"] as? Double == 800)
        let ring = try Self.quench(system, ["today"])
        #expect(ring.status == 0 && ring.stdout.contains("1,200 mL of 2,000 mL") && ring.stdout.contains("800 mL to go"), "\(ring.stdout)")

        let history = try Self.quench(system, ["history", "--days", "7", "--json"]).json()
        let days = try #require(history["days"] as? [[String: Any]])
        #expect(days.count == 7 && days.last?["day"] as? String == today.description)
        #expect(days.map { $0["met"] as? Bool } == [false, false, false, false, false, true, false])
        #expect(Set(days[0].keys) == ["day", "totalWaterMl", "goalMl", "met"])
        #expect(history["currentStreak"] as? Int == 1 && history["longestStreak"] as? Int == 1)
        let table = try Self.quench(system, ["history", "--days", "3"])
        #expect(table.stdout.contains("Current streak") && table.stdout.contains(today.description))

        let steps = try Self.quench(system, ["steps", "--json"]).json()
        #expect(steps["month"] as? String == String(today.description.prefix(7)) && steps["total"] as? Int == 12_345)
        #expect(steps["axisMax"] as? Int == 12_500)
        let badges = try #require(steps["achievements"] as? [[String: Any]])
        #expect(badges.map { $0["threshold"] as? Int } == [10_000, 20_000] && badges.map { $0["earned"] as? Bool } == [true, false])
        #expect((steps["days"] as? [[String: Any]])?.count == today.day)
        let chart = try Self.quench(system, ["steps"])
        #expect(chart.stdout.contains("Total: 12,345") && chart.stdout.contains("12.5k") && chart.stdout.contains("next at 20,000"), "\(chart.stdout)")

        let orm = try Self.quench(system, ["orm", "--json"]).json()
        let exercise = try #require((orm["exercises"] as? [[String: Any]])?.first)
        #expect(exercise["name"] as? String == "Back Squat" && exercise["excludedSets"] as? Int == 2)
        let record = exercise["personalRecord"] as? [String: Any]
        #expect(record?["day"] as? String == today.adding(days: -1).description && record?["oneRepMax"] as? Double == 133.33)
        #expect((exercise["series"] as? [[String: Any]])?.count == 1)
        let lifts = try Self.quench(system, ["orm", "back squat"])
        #expect(lifts.stdout.contains("Record: 133.33 kg") && lifts.stdout.contains("2 sets of more than 12 reps"), "\(lifts.stdout)")

        let unknown = try Self.quench(system, ["orm", "Bench Press", "--json"])
        #expect(unknown.status == 65 && unknown.error()?["code"] as? String == "not_found" && unknown.error()?["field"] as? String == "exercise")
        let month = try Self.quench(system, ["steps", "--month", "2026-13", "--json"])
        #expect(month.status == 65 && month.error()?["field"] as? String == "month", "\(month.stderr)")
        let day = try Self.quench(system, ["today", "--day", "2026-02-30"])
        // Parsed by argument-parser (`LocalDay: ExpressibleByArgument`): a usage error naming the option.
        #expect(day.status == 64 && day.stderr.contains("'--day <YYYY-MM-DD>'"), "\(day.stderr)")
        let range = try Self.quench(system, ["history", "--days", "5000"])
        #expect(range.status == 64 && range.stderr.contains("--days"))
        await system.close()
    }

    @Test("analytics rebuild and analytics lag")
    func rebuild() async throws {
        let system = try await AnalyticsSystem("cli-rebuild")
        try await system.log(750)
        try await system.waitUntilCaughtUp()
        let lag = try Self.quench(system, ["analytics", "lag", "--json"]).json()
        let publishers = try #require(lag["publishers"] as? [[String: Any]])
        #expect(Set(publishers.compactMap { $0["publisher"] as? String }) == [ServiceName.intake, ServiceName.goals, ServiceName.healthIngest])
        #expect(publishers.first { $0["publisher"] as? String == ServiceName.intake }?["appliedSeq"] as? Int == 1)

        let rebuilt = try Self.quench(system, ["analytics", "rebuild", "--json"])
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect((try rebuilt.json()["cleared"] as? [String: Any])?["water_day"] as? Int == 1)
        try await system.waitUntilCaughtUp()
        #expect(try Self.quench(system, ["today", "--json"]).json()["totalWaterMl"] as? Double == 750)
        let text = try Self.quench(system, ["analytics", "lag"])
        #expect(text.status == 0 && text.stdout.contains("intake"))

        // Operator commands act for nobody: they need no --user (issue 39 item 18).
        let operatorCLI = CLIRunner(configPath: nil, user: nil, timeZone: system.timeZone)
        let config = system.directory.appendingPathComponent("client.json").path
        let anonymousLag = try operatorCLI.run(["analytics", "lag", "--json", "--config", config])
        #expect(anonymousLag.status == 0, "analytics lag without a user: \(anonymousLag.stderr)")
        #expect((try anonymousLag.json()["publishers"] as? [[String: Any]])?.count == 3)
        let anonymousRebuild = try operatorCLI.run(["analytics", "rebuild", "--json", "--config", config])
        #expect(anonymousRebuild.status == 0, "analytics rebuild without a user: \(anonymousRebuild.stderr)")
        await system.close()
    }
}
