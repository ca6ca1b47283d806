public import Foundation
import MessagePack
public import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Synchronization

/// Some of Quench's services, each following the others it subscribes to, in process or
/// live (``TestMode``), behind one API: a test written against it runs either way.
///
/// ```swift
/// let system = try await TestSystem(mode, [ServiceName.healthIngest, ServiceName.goals])
/// let health = try system.client(ServiceName.healthIngest, user: "ana")
/// _ = try await health.call(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 70), as: WeightReply.self, idempotencyKey: "k1")
/// try await system.settle()      // goals has applied every event health-ingest committed
/// ```
///
/// In process, ``settle(timeout:)`` delivers what each publisher committed to its
/// subscribers' real apply transaction (``TestService/follow(_:)``); live, the subscribers
/// follow over ZeroMQ and it waits until each has applied its publishers' head (from their
/// `system.health` and `system.ping`).
public final class TestSystem: Sendable {
    public let mode: TestMode
    /// The folder holding each service's data (`<folder>/<service>`).
    public let directory: URL
    /// The services, in the order they were started (publishers first).
    public let names: [String]
    private let inProcess: [String: TestService]
    private let processes: [String: ServiceProcess]
    private let liveClients = Mutex<[RPCClient]>([])

    /// Starts `services` in `mode`, publishers before their subscribers; each follows those of
    /// the others it subscribes to. `arguments` are extra options (`--limits-page-items 5`) by service.
    public init(_ mode: TestMode, _ services: [String], label: String = "system", arguments: [String: [String]] = [:]) async throws {
        self.mode = mode
        directory = TestScratch.directory("\(mode)-\(label)")
        let order = ServiceCatalog.all.map(\.name)
        names = order.filter(services.contains) + services.filter { !order.contains($0) }
        switch mode {
        case .inProcess:
            var started: [String: TestService] = [:]
            for name in names {
                started[name] = try await TestService(
                    name, directory: directory.appendingPathComponent(name), arguments: arguments[name] ?? [])
            }
            inProcess = started
            processes = [:]
        case .live:
            var started: [String: ServiceProcess] = [:]
            for name in names {
                started[name] = try Self.startProcess(
                    name, in: directory, label: name, following: started, arguments: arguments[name] ?? [])
            }
            inProcess = [:]
            processes = started
        }
    }

    /// Starts the executable of service `name` in `<folder>/<label>`, following those of
    /// `publishers` it subscribes to (its other upstreams, from ``ServiceCatalog``, point
    /// where nothing listens).
    static func startProcess(
        _ name: String, in directory: URL, label: String, following publishers: [String: ServiceProcess], arguments: [String]
    ) throws -> ServiceProcess {
        var upstream: [String: [String: String]] = [:]
        for other in ServiceCatalog.entry(name)?.upstreams ?? [] {
            let process = publishers[other]
            upstream[other] = ["rpc": process?.rpcEndpoint ?? "tcp://127.0.0.1:9", "pub": process?.pubEndpoint ?? "tcp://127.0.0.1:9"]
        }
        let config = directory.appendingPathComponent("\(label)-config.json")
        try JSONSerialization.data(withJSONObject: ["upstream": upstream]).write(to: config)
        return try ServiceProcess(
            name, dataDirectory: directory.appendingPathComponent(label), arguments: ["--config", config.path] + arguments)
    }

    /// Another executable of service `name` beside this (live) system's, in `<folder>/<label>`
    /// with its own empty database, following this system's services. The caller stops it.
    public func startProcess(_ name: String, label: String, arguments: [String] = []) throws -> ServiceProcess {
        guard mode == .live else { throw TestFailure("startProcess needs TestMode.live; this system runs \(mode)") }
        return try Self.startProcess(name, in: directory, label: label, following: processes, arguments: arguments)
    }

    /// A client of `process` (a live service, of this system or started apart) acting for
    /// `user` in `timeZone`.
    public func client(of process: ServiceProcess, user: String? = nil, timeZone: String? = TimeZone.current.identifier) throws -> TestClient {
        let client = try RPCClient(
            endpoint: process.rpcEndpoint,
            options: RPCClientOptions(attemptTimeout: .seconds(20), attempts: 1, timeZone: timeZone, user: user))
        liveClients.withLock { $0.append(client) }
        return TestClient(service: process.name, user: user, timeZone: timeZone, transport: .live(client))
    }

    /// A client of `service` acting for `user` in `timeZone` (by default this machine's, as `RPCClientOptions`).
    public func client(_ service: String, user: String? = nil, timeZone: String? = TimeZone.current.identifier) throws -> TestClient {
        switch mode {
        case .inProcess:
            return try self.service(service).client(user: user, timeZone: timeZone)
        case .live:
            guard let process = processes[service] else { throw TestFailure("\(service) is not part of this system") }
            return try client(of: process, user: user, timeZone: timeZone)
        }
    }

    /// The in-process service `name` (in ``TestMode/inProcess``).
    public func service(_ name: String) throws -> TestService {
        guard let service = inProcess[name] else { throw TestFailure("\(name) is not running in process in this system") }
        return service
    }

    /// The process of service `name` (in ``TestMode/live``).
    public func process(_ name: String) throws -> ServiceProcess {
        guard let process = processes[name] else { throw TestFailure("\(name) is not running as a process in this system") }
        return process
    }

    /// The process of service `name`, for fixtures whose live-only parts (restarts, the CLI,
    /// logs) use it; stops the test with a clear message in process.
    public func liveProcess(_ name: String) -> ServiceProcess {
        guard let process = processes[name] else {
            preconditionFailure("\(name) runs as a process only in TestMode.live; this system runs \(mode)")
        }
        return process
    }

    /// Every event `service` committed after `after`, through `events.since`.
    public func events(_ service: String, after: UInt64 = 0) async throws -> [Envelope] {
        try await TestService.events(of: client(service), after: after)
    }

    /// Returns once every subscriber has applied everything its publishers in this system
    /// committed, including what applying made other services publish.
    public func settle(timeout: Duration = patientWait) async throws {
        switch mode {
        case .inProcess:
            var moved: UInt64
            repeat {
                moved = 0
                for subscriber in names.compactMap({ inProcess[$0] }) {
                    for publisher in names.compactMap({ inProcess[$0] }) where publisher !== subscriber {
                        moved += try await subscriber.follow(publisher)
                    }
                }
            } while moved > 0
        case .live:
            var waited: Bool
            repeat {
                waited = false
                for name in names {
                    waited = try await waitUntilCaughtUp(name, timeout: timeout) || waited
                }
            } while waited
        }
    }

    /// Live: waits until `name`'s subscribers have applied their publishers' heads; true when
    /// any was behind at first.
    private func waitUntilCaughtUp(_ name: String, timeout: Duration) async throws -> Bool {
        let client = try probe(name)
        var probes = [client]
        defer { Task { [probes] in for probe in probes { await probe.close() } } }
        let health = try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
        var behind = false
        for subscription in health.subscriptions where processes[subscription.publisher] != nil {
            let publisher = try probe(subscription.publisher)
            probes.append(publisher)
            let head = try await publisher.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self).headSeq
            let caughtUp = try await eventually(timeout: timeout) {
                let reply = try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
                let applied = reply.subscriptions.first { $0.publisher == subscription.publisher }?.appliedSeq ?? 0
                if applied < head { behind = true }
                return applied >= head
            }
            if !caughtUp {
                throw TestFailure("\(name) did not apply \(subscription.publisher)'s events up to seq \(head):\n\((try? process(name).logTail()) ?? "")")
            }
        }
        return behind
    }

    /// A client of live service `name` for one settle (closed by its caller).
    private func probe(_ name: String) throws -> TestClient {
        let process = try process(name)
        let client = try RPCClient(endpoint: process.rpcEndpoint, options: RPCClientOptions(attemptTimeout: .seconds(20), attempts: 1))
        return TestClient(client, service: name)
    }

    /// Closes the clients and stops the services.
    public func close() async {
        for client in liveClients.withLock({ list in defer { list.removeAll() }; return list }) { await client.close() }
        for name in names.reversed() {
            inProcess[name]?.close()
            processes[name]?.stop()
        }
    }
}
