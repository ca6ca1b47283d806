@testable import QuenchCLI
import Testing

/// What of the caller's environment `quench up` passes each service, and the ports `--port-base` gives.
@Suite("quench up: the services' environment and ports")
struct LocalDeploymentEnvironmentTests {
    @Test("each service gets its own QUENCH_<SERVICE>_<KEY>, not the global ones, not another's, not the keys up writes")
    func environment() {
        let caller = [
            "PATH": "/usr/bin", "QUENCH_CONFIG": "/home/ana/.quench/client.json", "QUENCH_DATABASE_PATH": "/tmp/one.sqlite",
            "QUENCH_LOG_LEVEL": "debug", "QUENCH_WEB_HTTP_PORT": "9090", "QUENCH_WEB_HTTP_HOST": "0.0.0.0",
            "QUENCH_INTAKE_LOG_LEVEL": "debug", "QUENCH_INTAKE_RPC_ENDPOINT": "tcp://0.0.0.0:1", "QUENCH_INTAKE_RPC": "tcp://10.0.0.1:7101",
            "QUENCH_HEALTH_INGEST_LIMITS_PAGE_ITEMS": "50", "QUENCH_GOALS_CURVE_SECRET_KEY_FILE": "/k", "QUENCH_GOALS_UPSTREAM_HEALTH_INGEST_RPC": "tcp://x:1",
            "QUENCH_ANALYTICS_DATA_DIR": "/d", "QUENCH_ANALYTICS_INSECURE": "true",
        ]
        #expect(LocalDeployment.serviceEnvironment("web", from: caller) == [
            "PATH": "/usr/bin", "QUENCH_WEB_HTTP_PORT": "9090", "QUENCH_WEB_HTTP_HOST": "0.0.0.0",
        ])
        #expect(LocalDeployment.serviceEnvironment("intake", from: caller) == [
            "PATH": "/usr/bin", "QUENCH_INTAKE_LOG_LEVEL": "debug", "QUENCH_INTAKE_RPC": "tcp://10.0.0.1:7101",
        ])
        #expect(LocalDeployment.serviceEnvironment("health-ingest", from: caller) == ["PATH": "/usr/bin", "QUENCH_HEALTH_INGEST_LIMITS_PAGE_ITEMS": "50"])
        #expect(LocalDeployment.serviceEnvironment("goals", from: caller) == ["PATH": "/usr/bin"])
        #expect(LocalDeployment.serviceEnvironment("analytics", from: caller) == ["PATH": "/usr/bin"])
    }

    @Test("--port-base moves every port by the same amount; the default is the catalog's")
    func ports() {
        #expect(LocalPorts().endpoints("intake") == ("tcp://127.0.0.1:7101", "tcp://127.0.0.1:7102", "tcp://127.0.0.1:7103"))
        #expect(LocalPorts().httpPort("web") == 8080)
        let moved = LocalPorts(base: 27_100)
        #expect(moved.endpoints("analytics") == ("tcp://127.0.0.1:27401", "tcp://127.0.0.1:27402", "tcp://127.0.0.1:27403"))
        #expect(moved.httpPort("web") == 28_080 && moved.httpPort("intake") == nil)
        #expect(LocalPorts.span == 980 && LocalPorts.bases == 1023...64_555)
    }
}
