import AnalyticsService
import Foundation
import GoalsService
import GRDB
import HealthIngestService
import IntakeService
import Logging
import MessagePack
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Testing
import WebService

/// The catalogue of messages (`MessageCatalog`) against what the services really register and
/// apply, and against docs/PROTOCOL.md's tables.
@Suite("The message catalogue")
struct MessageCatalogTests {
    static let definitions: [ServiceDefinition] = [
        IntakeDefinition.definition, GoalsDefinition.definition, HealthIngestDefinition.definition, AnalyticsDefinition.definition,
        WebDefinition.definition,
    ]

    /// A service built the way `ServiceMain` builds it (its definition, a host), in-process on
    /// a temporary database, not run.
    struct Built {
        let host: ServiceHost
        let subscribers: [CatchUpSubscriber]
        let database: ServiceDatabase
    }

    static func build(_ definition: ServiceDefinition) async throws -> Built {
        let config = try await ServiceConfig.load(
            service: definition.name, defaultRPCPort: 0, defaultPubPort: 0,
            arguments: ["test", "--insecure"], environment: [:])
        let database = try ServiceDatabase(
            path: TestScratch.file("catalogue", named: "\(definition.name).sqlite").path, migrator: definition.migrator)
        let outbox = try Outbox(publisher: definition.name, database: database)
        let logger = Logger(label: "test.catalogue")
        let (registry, subscribers) = try definition.build(
            ServiceEnvironment(config: config, database: database, outbox: outbox, logger: logger))
        let host = ServiceHost(
            config: config, database: database, outbox: outbox, handlers: registry, subscribers: subscribers, logger: logger)
        return Built(host: host, subscribers: subscribers, database: database)
    }

    @Test("names are unique, and every message has a kind and owner that fit")
    func unique() {
        let names = MessageCatalog.all.map(\.name)
        #expect(Set(names).count == names.count, "\(names.sorted())")
        for message in MessageCatalog.all where message.service == nil {
            #expect(message.name.hasPrefix("system.") || message.name.hasPrefix("events."), "\(message.name)")
        }
        for message in MessageCatalog.all {
            #expect(message.service == nil || ServiceName.all.contains(message.service!), "\(message.name)")
        }
    }

    @Test("each service serves exactly the requests it owns and those every service serves, with its real registration", arguments: definitions.map(\.name))
    func registered(_ service: String) async throws {
        let definition = try #require(Self.definitions.first { $0.name == service })
        let built = try await Self.build(definition)
        let expected = MessageCatalog.all.filter { $0.kind != .event && ($0.service == service || $0.service == nil) }.map(\.name)
        let served = Set(built.host.servedTypes)
        let extra = served.subtracting(expected).sorted()
        let missing = Set(expected).subtracting(served).sorted()
        #expect(extra.isEmpty && missing.isEmpty, "served, not in the catalogue: \(extra); in the catalogue, not served: \(missing)")
    }

    @Test("a subscriber declares exactly the events its applier handles, all of them its publisher's", arguments: definitions.map(\.name))
    func applied(_ service: String) async throws {
        let definition = try #require(Self.definitions.first { $0.name == service })
        let built = try await Self.build(definition)
        for subscriber in built.subscribers {
            let publisher = subscriber.publisher.name
            let applied = subscriber.transaction.applied
            #expect(!applied.names.isEmpty, "\(service) subscribes to \(publisher) and applies nothing")
            for name in applied.names.sorted() {
                let message = MessageCatalog.named(name)
                #expect(message?.kind == .event && message?.service == publisher, "\(service) applies \(name), not an event of \(publisher)")
            }
            // Each event of the publisher handed to the applier directly, with an empty body
            // (every event body has a required field): a route for it reads the body and fails;
            // without one, the rule for the rest passes it over. (With EventRoutes, declaring
            // is routing; this holds any applier to it.)
            for message in MessageCatalog.all where message.kind == .event && message.service == publisher {
                let event = Envelope(type: message.name, body: .emptyMap, publisher: publisher, seq: 1)
                let transaction = subscriber.transaction
                let failure: String? = try await built.database.pool.write { db in
                    var batch = transaction.batch()
                    do {
                        try batch.apply(db, event)
                        return nil
                    } catch {
                        return "\(error)"
                    }
                }
                let hasCase = failure?.contains("body is not a") == true
                if applied.names.contains(message.name) {
                    #expect(hasCase, "\(service) declares \(message.name) but does not read it: \(failure ?? "applied an empty body")")
                } else {
                    #expect(failure == nil, "\(service) handles \(message.name) but does not declare it: \(failure ?? "")")
                }
            }
        }
    }

    @Test("docs/PROTOCOL.md §7 lists every message with its service and kind, and nothing else")
    func documented() throws {
        let tables = ProtocolTables(text: try String(contentsOf: ProtocolTables.file, encoding: .utf8))
        let documented = Set(tables.rows)
        #expect(documented.count == tables.rows.count, "a message is listed twice")
        let catalogue = Set(MessageCatalog.all.map { ProtocolTables.Row(name: $0.name, service: $0.service, kind: $0.kind) })
        let extra = documented.subtracting(catalogue).map(\.description).sorted()
        let missing = catalogue.subtracting(documented).map(\.description).sorted()
        #expect(extra.isEmpty && missing.isEmpty, "documented, not in the catalogue: \(extra); in the catalogue, not documented: \(missing)")
    }

    @Test("the tables reader finds a row of each kind, so a table it no longer reads fails the check above")
    func readerReads() {
        let text = """
            ## 7. Message catalogue
            ### intake
            | type | kind | body | reply body |
            |---|---|---|---|
            | `intake.log` | command | `{}` | x |
            | `intake.list` | query, paged | `{}` | x |
            | type | stops counting in | how |
            | `steps` | a | b |
            | type | body |
            |---|---|
            | `intake.logged` | `{}` |
            ## 8. Next
            | type | body |
            | `later.thing` | `{}` |
            """
        #expect(ProtocolTables(text: text).rows == [
            .init(name: "intake.log", service: "intake", kind: .command),
            .init(name: "intake.list", service: "intake", kind: .query),
            .init(name: "intake.logged", service: "intake", kind: .event),
        ])
    }
}
