import GRDB
public import QuenchRuntime
import QuenchProtocol

/// The goals service: water goals (default, manual, auto from weight) with their history,
/// and the challenge catalog. It follows health-ingest's events (`upstream.health-ingest.rpc`
/// / `.pub`) to keep the auto goal current.
public enum GoalsDefinition {
    public static var definition: ServiceDefinition {
        ServiceDefinition(ServiceCatalog.goals, migrator: GoalsSchema.migrator) { environment in
            var registry = HandlerRegistry()
            GoalHandlers(database: environment.database, pageItems: environment.config.maxPageItems).register(in: &registry)
            ChallengeHandlers(database: environment.database).register(in: &registry)
            let applier = HealthEventApplier(outbox: environment.outbox)
            let subscriber = environment.subscriber(
                to: ServiceName.healthIngest, outbox: environment.outbox, applies: HealthEventApplier.applied,
                batch: { applier.makeBatch() })
            return (registry, [subscriber])
        }
    }
}
