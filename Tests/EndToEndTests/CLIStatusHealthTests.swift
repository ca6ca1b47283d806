import Foundation
import QuenchProtocol
import Testing

/// `quench status --health` against the four real executables, wired to each other.
@Suite("CLI status --health")
struct CLIStatusHealthTests {
    @Test("shows each service's health; exits 69 naming a service that does not hear from its publisher")
    func health() throws {
        let folder = temporaryDirectory("cli-status-health")
        let health = try ServiceProcess("health-ingest", dataDirectory: folder.appendingPathComponent("health"))
        func wired(_ name: String, _ upstreams: [String: ServiceProcess]) throws -> ServiceProcess {
            try ServiceProcess(name, dataDirectory: folder.appendingPathComponent(name),
                               arguments: ["--config", try AnalyticsSystem.config(folder, name, upstreams).path])
        }
        let intake = try wired("intake", [ServiceName.healthIngest: health])
        let goals = try wired("goals", [ServiceName.healthIngest: health])
        let analytics = try wired("analytics", AnalyticsSystem.upstreams(intake, goals, health))
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake, goals, health, analytics], to: folder), user: nil)

        // The subscriptions count as connected once they have heard their publishers' heartbeat.
        var result = try cli.run(["status", "--health", "--json"])
        let deadline = Date().addingTimeInterval(patientWaitSeconds)
        while result.status != 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            result = try cli.run(["status", "--health", "--json"])
        }
        #expect(result.status == 0, "\(result.stderr)")
        let services = try #require(try result.json()["services"] as? [[String: Any]])
        #expect(services.compactMap { $0["name"] as? String } == ServiceName.domain, "a config without the web edge does not probe it")
        for service in services {
            let report = try #require(service["health"] as? [String: Any], "no health for \(service["name"] ?? "?")")
            #expect(report["status"] as? String == "ok")
            let database = try #require(report["database"] as? [String: Any])
            #expect(database["ok"] as? Bool == true && database["checkedAt"] != nil, "\(database)")
        }
        let analyticsReport = try #require(services.last?["health"] as? [String: Any])
        let subscriptions = try #require(analyticsReport["subscriptions"] as? [[String: Any]])
        #expect(Set(subscriptions.compactMap { $0["publisher"] as? String }) == [ServiceName.intake, ServiceName.goals, ServiceName.healthIngest])
        #expect(subscriptions.allSatisfy { $0["connected"] as? Bool == true }, "\(subscriptions)")

        let table = try cli.run(["status", "--health"])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("HEALTH") && table.stdout.contains("SUBSCRIPTIONS"), "\(table.stdout)")
        #expect(table.stdout.contains("health-ingest up to date"), "\(table.stdout)")
        #expect(try cli.run(["status"]).stdout.contains("HEALTH") == false)

        // An intake started without its upstream: it answers, but never hears health-ingest.
        let lonely = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("lonely"))
        let lonelyCLI = CLIRunner(
            configPath: try CLIRunner.writeConfig([lonely, goals, health, analytics], to: folder.appendingPathComponent("lonely")),
            user: nil)
        let unhealthy = try lonelyCLI.run(["status", "--health", "--json"])
        #expect(unhealthy.status == 69, "\(unhealthy.stderr)")
        #expect(unhealthy.stderr.contains("intake: status degraded, not hearing from health-ingest"), "\(unhealthy.stderr)")
        let lonelyServices = try #require(try unhealthy.json()["services"] as? [[String: Any]])
        let lonelySubscriptions = (lonelyServices.first?["health"] as? [String: Any])?["subscriptions"] as? [[String: Any]]
        #expect(lonelySubscriptions?.first?["connected"] as? Bool == false, "\(lonelyServices.first ?? [:])")
        // Without --health the same deployment is fine: every service answers.
        #expect(try lonelyCLI.run(["status"]).status == 0)
    }
}
