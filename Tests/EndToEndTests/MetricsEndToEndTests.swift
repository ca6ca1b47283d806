import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// `system.metrics` and `quench metrics` against the real service: what a scraper reads is
/// what happened, labels never come from the client, and users may not read it.
@Suite("Metrics end to end", .serialized)
struct MetricsEndToEndTests {
    @Test("system.metrics counts requests by type, errors by code and group commits; quench metrics prints it")
    func countsWhatHappened() async throws {
        let folder = temporaryDirectory("metrics")
        let service = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        defer { service.stop() }
        let client = try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(user: "ana"))
        for volume in [250.0, 330] {
            let _: IntakeRecord = try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: volume), idempotencyKey: UUID().uuidString)
        }
        await #expect(throws: QuenchError.self) {
            let _: IntakeRecord = try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: -5), idempotencyKey: UUID().uuidString)
        }
        // A type nobody serves is counted as `other`: a client cannot mint labels.
        await #expect(throws: QuenchError.self) {
            let _: PingReply = try await client.call("zz.made-up-type", PingRequest())
        }

        let reply = try await client.call(MessageDescriptor.systemMetrics.name, MetricsRequest(), as: MetricsReply.self)
        await client.close()
        #expect(reply.service == "intake")
        let samples = Self.samples(reply.text)
        #expect(samples[#"quench_requests_total{service="intake",type="intake.log"}"#] == 3)
        #expect(samples[#"quench_requests_total{service="intake",type="other"}"#] == 1)
        #expect(!reply.text.contains("zz.made-up-type"))
        #expect(samples[#"quench_request_errors_total{service="intake",code="invalid_argument"}"#] == 1)
        #expect(samples[#"quench_request_errors_total{service="intake",code="unknown_type"}"#] == 1)
        #expect(samples[#"quench_request_duration_seconds_count{service="intake",type="intake.log"}"#] == 3)
        // Two logs committed (the refused one never reached the writer); the pruner's first pass too.
        #expect((samples[#"quench_commit_batch_commands_sum{service="intake"}"#] ?? 0) >= 2)
        #expect(samples[#"quench_outbox_head_seq{service="intake"}"#] == 2)
        #expect(samples[#"quench_subscription_connected{service="intake",publisher="health-ingest"}"#] == 0)

        let config = try CLIRunner.writeConfig([service], to: folder)
        let printed = try CLIRunner(configPath: config, user: nil).run(["metrics", "intake"])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stdout.hasPrefix("# quench service intake\n"))
        // The CLI's own `system.metrics` call above is counted by now.
        #expect(Self.samples(printed.stdout)[#"quench_requests_total{service="intake",type="system.metrics"}"#] == 1)
        #expect(printed.stdout.contains("# TYPE quench_request_duration_seconds histogram"))
    }

    @Test("a subscriber's metrics count the events it applied and its transactions")
    func subscriberMetrics() async throws {
        let fixture = try await HealthFixture("metrics-subscriber")
        let intake = try fixture.follower("intake")
        defer { intake.stop() }
        let client = try RPCClient(endpoint: intake.rpcEndpoint, options: RPCClientOptions(timeZone: "Europe/Berlin", user: fixture.user))

        try await fixture.grant(.dietaryWater)
        let at = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3600).rounded())
        let glasses = (0..<3).map { SampleInput(type: "dietary-water", value: 250, unit: "mL", start: at.addingTimeInterval(Double($0) * 60)) }
        let _: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: glasses))
        let head = try await fixture.events().last?.seq ?? 0
        #expect(head >= 4)
        var samples: [String: Double] = [:]
        let caughtUp = try await eventually {
            samples = Self.samples(try await client.call(MessageDescriptor.systemMetrics.name, MetricsRequest(), as: MetricsReply.self).text)
            return samples[#"quench_subscription_applied_seq{service="intake",publisher="health-ingest"}"#] == Double(head)
        }
        #expect(caughtUp, "\(samples.filter { $0.key.contains("subscription") })")
        let labels = #"{service="intake",publisher="health-ingest"}"#
        // Every event from the start (ignored types included) went through a transaction.
        #expect(samples["quench_subscription_events_applied_total" + labels] == Double(head))
        #expect(samples["quench_subscription_batch_events_sum" + labels] == Double(head))
        let transactions = samples["quench_subscription_batch_events_count" + labels] ?? 0
        #expect(transactions >= 1 && transactions <= Double(head))
        #expect(samples["quench_subscription_batch_duration_seconds_count" + labels] == transactions)
        await client.close()
        await fixture.close()
    }

    @Test("a user key may not read the metrics; an admin key may")
    func operatorsOnly() async throws {
        let system = try SecureIntake("metrics-keys")
        defer { Task { await system.close() } }
        let ana = try system.client("ana")
        await expectRefusal(.permissionDenied) {
            _ = try await ana.call(MessageDescriptor.systemMetrics.name, MetricsRequest(), as: MetricsReply.self)
        }
        let admin = try system.client("admin")
        let reply = try await admin.call(MessageDescriptor.systemMetrics.name, MetricsRequest(), as: MetricsReply.self)
        #expect(Self.samples(reply.text)[#"quench_request_errors_total{service="intake",code="permission_denied"}"#] == 1)
    }

    /// `name{labels} value` lines of the Prometheus text format.
    static func samples(_ text: String) -> [String: Double] {
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            samples[String(line[..<space])] = value
        }
        return samples
    }
}
