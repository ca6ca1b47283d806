import Foundation
import GRDB
import Logging
import QuenchProtocol
import QuenchRuntime
import Testing

/// Events analytics cannot apply, from a stand-in goals publisher (the real one never sends
/// them): logged, skipped, counted in `system.health`, and the subscriber keeps its place.
@Suite("Analytics skips what it cannot apply", .serialized)
struct AnalyticsSkippedEventsEndToEndTests {
    /// A publisher named `goals` run in this process by the runtime's own `ServiceHost`.
    final class StandInPublisher: @unchecked Sendable {
        let database: ServiceDatabase
        let outbox: Outbox
        let host: ServiceHost
        let task: Task<Void, any Error>
        let endpoints: (rpc: String, pub: String)

        init(_ directory: URL) async throws {
            let config = try await ServiceConfig.load(
                service: ServiceName.goals, defaultRPCPort: 0, defaultPubPort: 0,
                arguments: [
                    "stand-in", "--rpc-endpoint", "tcp://127.0.0.1:*", "--pub-endpoint", "tcp://127.0.0.1:*",
                    "--user-pub-endpoint", "tcp://127.0.0.1:*", "--insecure",
                ],
                environment: [:])
            database = try ServiceDatabase(path: directory.appendingPathComponent("stand-in-goals.sqlite").path)
            outbox = try Outbox(publisher: ServiceName.goals, database: database)
            let host = ServiceHost(
                config: config, database: database, outbox: outbox, handlers: HandlerRegistry(), logger: Logger(label: "stand-in-goals"))
            self.host = host
            task = Task { try await host.run() }
            endpoints = await host.boundEndpoints()
        }

        func publish<Body: Encodable & Sendable>(_ type: String, _ body: Body) async throws {
            try await database.pool.write { [outbox] db in
                _ = try outbox.append(db, type: type, user: "ana", body: body)
            }
        }

        func stop() async {
            task.cancel()
            _ = await task.result
        }
    }

    @Test("unknown types and malformed bodies are skipped and counted; the cursor moves on")
    func skipped() async throws {
        let directory = temporaryDirectory("analytics-skips")
        let publisher = try await StandInPublisher(directory)
        let config = directory.appendingPathComponent("analytics-config.json")
        let json = #"""
            {"upstream":{"goals":{"rpc":"\#(publisher.endpoints.rpc)","pub":"\#(publisher.endpoints.pub)"},
             "intake":{"rpc":"tcp://127.0.0.1:9","pub":"tcp://127.0.0.1:9"},
             "health-ingest":{"rpc":"tcp://127.0.0.1:9","pub":"tcp://127.0.0.1:9"}}}
            """#
        try Data(json.utf8).write(to: config)
        let analytics = try ServiceProcess(
            "analytics", dataDirectory: directory.appendingPathComponent("analytics"), arguments: ["--config", config.path])
        let client = try RPCClient(endpoint: analytics.rpcEndpoint, options: RPCClientOptions(timeZone: "UTC", user: "ana"))
        let today = LocalDay(instant: Date(), timeZone: TimeZone(identifier: "UTC")!)
        func change(_ ml: Double) -> GoalChangedBody {
            GoalChangedBody(user: "ana", oldGoalMl: 2500, newGoalMl: ml, source: "manual", weightKg: nil, effectiveDay: today)
        }
        func goalsHealth() async throws -> SubscriptionHealth? {
            try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self).subscriptions
                .first { $0.publisher == ServiceName.goals }
        }

        try await publisher.publish(EventDescriptor.goalChanged.name, change(1800))
        try await publisher.publish("goal.reinvented", ["what": "a type from a newer goals"])
        try await publisher.publish(EventDescriptor.goalChanged.name, UserErasedBody(user: "ana"))
        try await publisher.publish(EventDescriptor.goalChanged.name, change(-5))
        try await publisher.publish(EventDescriptor.heartbeat.name + ".extra", ["ignored": true])
        try await publisher.publish(EventDescriptor.goalChanged.name, change(2200))
        let applied = try await eventually { try await goalsHealth()?.appliedSeq == 6 }
        #expect(applied, "\(analytics.logTail())")
        var health = try #require(try await goalsHealth())
        #expect(health.skipped == 3 && health.lag == 0)
        let summary = try await client.call(MessageDescriptor.analyticsToday.name, DayRequest(), as: DaySummary.self)
        #expect(summary.goalMl == 2200)
        #expect(analytics.logTail(200).contains("event skipped"))

        // Nothing is lost after a restart: the cursor and the count were stored.
        analytics.stop()
        try analytics.start()
        try await publisher.publish(EventDescriptor.goalChanged.name, change(2400))
        let moved = try await eventually { try await goalsHealth()?.appliedSeq == 7 }
        #expect(moved)
        health = try #require(try await goalsHealth())
        #expect(health.skipped == 3)
        #expect(try await client.call(MessageDescriptor.analyticsToday.name, DayRequest(), as: DaySummary.self).goalMl == 2400)

        await client.close()
        analytics.stop()
        await publisher.stop()
    }
}
