import GRDB
public import QuenchRuntime
import QuenchProtocol

/// The intake service: fluids catalog and intake records.
public enum IntakeDefinition {
    public static var definition: ServiceDefinition {
        ServiceDefinition(ServiceCatalog.intake, migrator: IntakeSchema.migrator) { environment in
            var registry = HandlerRegistry()
            IntakeHandlers(database: environment.database, pageItems: environment.config.maxPageItems).register(in: &registry)
            let water = HealthWaterApplier(outbox: environment.outbox)
            let subscriber = environment.subscriber(
                to: ServiceName.healthIngest, outbox: environment.outbox, applies: HealthWaterApplier.applied,
                batch: { EachEvent(water.apply) })
            return (registry, [subscriber])
        }
    }
}
