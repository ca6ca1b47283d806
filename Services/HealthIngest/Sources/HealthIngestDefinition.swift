import GRDB
public import QuenchRuntime
import QuenchProtocol

/// The health-ingest service: consents, health samples (steps, body mass, distance,
/// dietary water, strength sets), their imports and the events other services use.
public enum HealthIngestDefinition {
    public static var definition: ServiceDefinition {
        ServiceDefinition(ServiceCatalog.healthIngest, migrator: HealthSchema.migrator) { environment in
            try HealthHandlers.prepareWriter(environment.database)
            var registry = HandlerRegistry()
            HealthHandlers(database: environment.database, pageItems: environment.config.maxPageItems).register(in: &registry)
            return (registry, [])
        }
    }
}
