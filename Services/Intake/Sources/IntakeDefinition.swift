import GRDB
public import QuenchRuntime
import QuenchProtocol

/// The intake service: fluids catalog and intake records.
public enum IntakeDefinition {
    public static let defaultRPCPort = 7101
    public static let defaultPubPort = 7102

    public static var definition: ServiceDefinition {
        ServiceDefinition(
            name: ServiceName.intake,
            defaultRPCPort: defaultRPCPort,
            defaultPubPort: defaultPubPort,
            migrator: IntakeSchema.migrator
        ) { environment in
            var registry = HandlerRegistry()
            IntakeHandlers(database: environment.database, pageItems: environment.config.maxPageItems).register(in: &registry)
            let water = HealthWaterApplier(outbox: environment.outbox)
            let subscriber = CatchUpSubscriber(
                publisher: environment.config.upstream(ServiceName.healthIngest),
                database: environment.database,
                heartbeatInterval: environment.config.heartbeatInterval,
                outbox: environment.outbox,
                applies: HealthWaterApplier.applied,
                logger: environment.logger,
                batch: { EachEvent(water.apply) })
            return (registry, [subscriber])
        }
    }
}
