import GRDB
public import QuenchRuntime
import QuenchProtocol

/// The analytics service: read models built from intake's, goals' and health-ingest's
/// events by one catch-up subscriber each; answers only from its own store.
public enum AnalyticsDefinition {
    public static var definition: ServiceDefinition {
        ServiceDefinition(ServiceCatalog.analytics, migrator: AnalyticsSchema.migrator) { environment in
            let subscribers = [
                (ServiceName.intake, IntakeApplier.applied, { IntakeApplier.batch() } as EventBatchFactory),
                (ServiceName.goals, GoalsApplier.applied, { GoalsApplier.batch() } as EventBatchFactory),
                (ServiceName.healthIngest, HealthApplier.applied, { EachEvent(HealthApplier.apply) } as EventBatchFactory),
            ].map { name, applied, batch in
                environment.subscriber(to: name, applies: applied, batch: batch)
            }
            var registry = HandlerRegistry()
            AnalyticsHandlers(
                database: environment.database,
                lag: { subscribers.map { $0.health() } },
                resetSubscribers: { subscribers.forEach { $0.reset() } }
            ).register(in: &registry)
            return (registry, subscribers)
        }
    }
}
