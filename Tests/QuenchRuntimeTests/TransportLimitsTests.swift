@testable import QuenchRuntime
import Testing

/// The transport limits' configuration keys (issue #25): defaults, overrides, and a value
/// out of range refused with the key and the rule.
@Suite("Transport limits configuration")
struct TransportLimitsTests {
    private func load(_ arguments: [String], environment: [String: String] = [:]) async throws -> ServiceConfig {
        try await ServiceConfig.load(
            service: "intake", defaultRPCPort: 7101, defaultPubPort: 7102,
            arguments: ["quench-intake", "--insecure"] + arguments, environment: environment)
    }

    @Test("defaults: 64 subscriptions of at most 256 bytes, 60 s refusal, 5 s handshakes, 65536 files, 20 lines a minute")
    func defaults() async throws {
        let limits = try await load([]).transportLimits
        #expect(limits == .standard)
        #expect(limits.maxSubscriptionsPerPrincipal == 64)
        #expect(limits.maxSubscriptionBytes == 256)
        #expect(limits.refusalSeconds == 60)
        #expect(limits.handshakeTimeoutMilliseconds == 5000)
        #expect(limits.maxOpenFiles == 65536)
        #expect(limits.refusalLogsPerMinute == 20)
    }

    @Test("each key is read from the command line and the environment")
    func overrides() async throws {
        let limits = try await load(
            ["--limits-user-stream-max-subscriptions", "8", "--limits-handshake-timeout-ms", "750", "--log-refusals-per-minute", "3"],
            environment: ["QUENCH_LIMITS_USER_STREAM_MAX_SUBSCRIPTION_BYTES": "64", "QUENCH_INTAKE_LIMITS_USER_STREAM_REFUSAL_SECONDS": "5",
                          "QUENCH_LIMITS_MAX_OPEN_FILES": "4096"]
        ).transportLimits
        #expect(limits == TransportLimits(
            maxSubscriptionsPerPrincipal: 8, maxSubscriptionBytes: 64, refusalSeconds: 5,
            handshakeTimeoutMilliseconds: 750, maxOpenFiles: 4096, refusalLogsPerMinute: 3))
    }

    @Test("a value out of range names the key and the range", arguments: [
        ("--limits-handshake-timeout-ms", "0", "limits.handshake.timeout.ms", "between 100 and 600000, got 0"),
        ("--limits-user-stream-max-subscriptions", "0", "limits.user.stream.max.subscriptions", "between 1 and 100000, got 0"),
        ("--limits-user-stream-max-subscription-bytes", "5000", "limits.user.stream.max.subscription.bytes", "between 16 and 4096, got 5000"),
        ("--limits-max-open-files", "10", "limits.max.open.files", "between 256 and 1048576, got 10"),
    ])
    func outOfRange(flag: String, value: String, key: String, rule: String) async throws {
        do {
            _ = try await load([flag, value])
            Issue.record("\(flag) \(value) was accepted")
        } catch let error as ConfigError {
            #expect(error.key == key)
            #expect(error.description.contains(rule), "\(error)")
        }
    }
}
