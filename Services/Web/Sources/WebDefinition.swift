public import QuenchRuntime
import QuenchProtocol

/// The web edge as a service of the runtime: its catalog entry, its SQLite file (tokens,
/// sessions, sign-in links) and its ZeroMQ handlers (`tokens.*`, for the operator's CLI, and
/// `web.erase`, for `quench erase`).
/// Its HTTP server runs beside the host in the same service group (``WebMain``).
public enum WebDefinition {
    public static var definition: ServiceDefinition {
        ServiceDefinition(ServiceCatalog.web, migrator: WebSchema.migrator) { environment in
            var registry = HandlerRegistry()
            TokenHandlers(database: environment.database).register(in: &registry)
            EraseHandler(memory: .shared).register(in: &registry)
            return (registry, [])
        }
    }
}
