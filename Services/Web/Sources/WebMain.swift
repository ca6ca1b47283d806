import Configuration
import Foundation
import Logging
import QuenchRuntime

/// The `main` of `quench-web`: the runtime's service main (configuration, logging, its
/// database, the ZeroMQ host serving `tokens.*`, graceful shutdown on SIGTERM/SIGINT) with
/// the HTTP server running beside the host. Writes `http.ready.file` (`{"port":…}`) once
/// the HTTP listener is bound, for tests and scripts that start it on port 0.
public enum WebMain {
    public static func run() async {
        await ServiceMain.run(WebDefinition.definition) { environment, _ in
            let web = try WebConfig(environment.config)
            if web.host != "127.0.0.1" && web.host != "::1" && web.host != "localhost" {
                environment.logger.notice("the HTTP listener is reachable from other machines: put a TLS proxy in front (docs/SECURITY.md)", metadata: ["host": "\(web.host)"])
            }
            let backend = Backend(config: environment.config, web: web, logger: environment.logger)
            let app = WebApp(config: web, backend: backend, database: environment.database, logger: environment.logger)
            let readyFile = environment.config.reader.string(forKey: "http.ready.file")
            let logger = environment.logger
            return [
                app.makeApplication { port in
                    logger.info("serving HTTP", metadata: ["host": "\(web.host)", "port": "\(port)"])
                    if let readyFile {
                        try? "{\"port\":\(port),\"pid\":\(getpid())}\n".write(toFile: readyFile, atomically: true, encoding: .utf8)
                    }
                }
            ]
        }
    }
}
