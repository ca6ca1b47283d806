import AnalyticsService
import Foundation
import GoalsService
import HealthIngestService
import IntakeService
import Logging
import QuenchClient
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Testing
import WebService

/// The catalog is the one place that knows the services: the service definitions are built
/// from it, and the deployment checks read a JSON copy of it.
@Suite("Service catalog")
struct ServiceCatalogTests {
    static let definitions = [
        IntakeDefinition.definition, GoalsDefinition.definition, HealthIngestDefinition.definition, AnalyticsDefinition.definition,
        WebDefinition.definition,
    ]

    @Test("every service name has one catalog entry, publishers listed before their subscribers")
    func names() {
        #expect(ServiceCatalog.all.map(\.name).sorted() == ServiceName.all.sorted())
        for (index, entry) in ServiceCatalog.all.enumerated() {
            let earlier = ServiceCatalog.all.prefix(index).map(\.name)
            for upstream in entry.upstreams {
                #expect(earlier.contains(upstream), "\(entry.name) subscribes to \(upstream), which starts after it")
            }
        }
        let ports = ServiceCatalog.all.flatMap { [$0.rpcPort, $0.pubPort, $0.userPubPort] + ($0.httpPort.map { [$0] } ?? []) }
        #expect(Set(ports).count == ports.count, "ports overlap: \(ports)")
    }

    @Test("deploy/catalog.json is the catalog's JSON (regenerate: quench services --json > deploy/catalog.json)")
    func checkedInJSON() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try Data(contentsOf: root.appendingPathComponent("deploy/catalog.json"))
        let checkedIn = try JSONSerialization.jsonObject(with: file) as? NSDictionary
        let generated = try JSONSerialization.jsonObject(with: ServiceCatalog.json()) as? NSDictionary
        #expect(checkedIn != nil && checkedIn == generated)
        let services = try #require(generated?["services"] as? [[String: Any]])
        #expect(services.map { $0["userPubPort"] as? Int } == ServiceCatalog.all.map { $0.pubPort + 1 })
    }

    @Test(
        "each service is built from its catalog entry and subscribes to exactly its upstreams, with the configured heartbeat",
        arguments: ServiceCatalog.all.map(\.name))
    func definition(_ name: String) async throws {
        let definition = try #require(Self.definitions.first { $0.name == name }, "no service definition for \(name)")
        #expect(ServiceCatalog.entry(name) == definition.entry)
        let folder = TestScratch.directory("catalog-\(definition.name)")
        let config = try await ServiceConfig.load(
            service: definition.name, defaultRPCPort: definition.entry.rpcPort, defaultPubPort: definition.entry.pubPort,
            arguments: ["quench-\(definition.name)"],
            environment: ["QUENCH_INSECURE": "true", "QUENCH_HEARTBEAT_INTERVAL_MS": "250", "QUENCH_DATA_DIR": folder.path])
        #expect(config.heartbeatInterval == .milliseconds(250))
        #expect(config.rpcEndpoint == definition.entry.loopbackRPCEndpoint)
        #expect(config.userPubEndpoint == definition.entry.loopbackUserPubEndpoint)
        let database = try ServiceDatabase(path: config.databasePath, migrator: definition.migrator)
        let environment = ServiceEnvironment(
            config: config, database: database, outbox: try Outbox(publisher: definition.name, database: database),
            logger: Logger(label: "test"))
        let (_, subscribers) = try definition.assemble(environment)
        #expect(subscribers.map(\.publisher.name) == definition.entry.upstreams)
        for subscriber in subscribers {
            let upstream = try #require(ServiceCatalog.entry(subscriber.publisher.name))
            #expect(subscriber.publisher.rpcEndpoint == upstream.loopbackRPCEndpoint)
            #expect(subscriber.publisher.pubEndpoint == upstream.loopbackPubEndpoint)
            #expect(subscriber.heartbeatInterval == .milliseconds(250), "\(definition.name)'s subscriber to \(upstream.name)")
        }
    }

    @Test("a definition whose subscribers differ from its catalog entry does not assemble")
    func mismatch() async throws {
        let goals = GoalsDefinition.definition
        let wrong = ServiceDefinition(ServiceCatalog.healthIngest, migrator: goals.migrator, build: goals.build)
        let folder = TestScratch.directory("catalog-mismatch")
        let config = try await ServiceConfig.load(
            service: wrong.name, defaultRPCPort: 0, defaultPubPort: 0, arguments: ["test"],
            environment: ["QUENCH_INSECURE": "true", "QUENCH_DATA_DIR": folder.path])
        let database = try ServiceDatabase(path: config.databasePath, migrator: wrong.migrator)
        let environment = ServiceEnvironment(
            config: config, database: database, outbox: try Outbox(publisher: wrong.name, database: database), logger: Logger(label: "test"))
        #expect(throws: CatalogMismatch.self) { try wrong.assemble(environment) }
    }
}
