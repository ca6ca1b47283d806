import GRDB
public import QuenchRuntime
import QuenchProtocol

/// The goals service: water goals (default, manual, auto from weight) with their history,
/// and the challenge catalog. It follows health-ingest's events (`upstream.health-ingest.rpc`
/// / `.pub`) to keep the auto goal current.
public enum GoalsDefinition {
    public static let defaultRPCPort = 7201
    public static let defaultPubPort = 7202

    public static var definition: ServiceDefinition {
        ServiceDefinition(
            name: ServiceName.goals,
            defaultRPCPort: defaultRPCPort,
            defaultPubPort: defaultPubPort,
            migrator: GoalsSchema.migrator
        ) { environment in
            var registry = HandlerRegistry()
            GoalHandlers(database: environment.database, pageItems: environment.config.maxPageItems).register(in: &registry)
            ChallengeHandlers(database: environment.database).register(in: &registry)
            let applier = HealthEventApplier(outbox: environment.outbox)
            let subscriber = CatchUpSubscriber(
                publisher: environment.config.upstream(ServiceName.healthIngest),
                database: environment.database,
                outbox: environment.outbox,
                applies: HealthEventApplier.applied,
                logger: environment.logger,
                batch: { applier.makeBatch() })
            return (registry, [subscriber])
        }
    }
}
