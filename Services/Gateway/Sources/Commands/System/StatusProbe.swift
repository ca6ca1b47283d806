import Foundation
import Logging
import QuenchProtocol
import QuenchClient

/// Pings every service in parallel.
enum StatusProbe {
    struct State: Encodable, Sendable {
        var name: String
        var endpoint: String
        var up: Bool
        var version: String?
        var uptimeSeconds: Double?
        var roundTripMs: Double?
        var headSeq: UInt64?
        var error: String?
        /// The service's `system.health` reply, when asked for (`quench status --health`).
        var health: HealthReply?
    }

    /// Pings every service of `config` at once; with `health`, also asks each one that
    /// answers for `system.health` (a service that answers the ping but not that is down).
    static func probe(
        config: ClientConfig, timeout: Duration = .seconds(2), health: Bool = false,
        curve: @escaping @Sendable (String) throws -> CurveClientCredentials? = { _ in nil }
    ) async -> [State] {
        await withTaskGroup(of: State.self) { group in
            for name in ServiceName.all {
                guard let endpoint = config.services[name] else { continue }
                group.addTask {
                    var logger = Logger(label: "quench.status")
                    logger.logLevel = .critical
                    do {
                        let client = try RPCClient(
                            endpoint: endpoint.rpc,
                            options: RPCClientOptions(
                                attemptTimeout: timeout, attempts: 1, curve: try curve(name),
                                connectTimeout: min(Gateway.connectTimeout, timeout)),
                            logger: logger)
                        let started = ContinuousClock.now
                        defer { Task { await client.close() } }
                        let pong = try await client.call(.systemPing, PingRequest())
                        let elapsed = ContinuousClock.now - started
                        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
                        let report = health ? try await client.call(.systemHealth, HealthRequest()) : nil
                        return State(
                            name: name, endpoint: endpoint.rpc, up: true, version: pong.version,
                            uptimeSeconds: pong.uptimeSeconds, roundTripMs: milliseconds, headSeq: pong.headSeq, health: report)
                    } catch {
                        return State(name: name, endpoint: endpoint.rpc, up: false, error: "\(error)")
                    }
                }
            }
            var states: [State] = []
            for await state in group { states.append(state) }
            return states.sorted { ServiceName.all.firstIndex(of: $0.name) ?? 0 < ServiceName.all.firstIndex(of: $1.name) ?? 0 }
        }
    }
}
