// swift-tools-version: 6.2
import PackageDescription

/// One set of settings for every target, tests included.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let log = Target.Dependency.product(name: "Logging", package: "swift-log")
let lifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let unixSignals = Target.Dependency.product(name: "UnixSignals", package: "swift-service-lifecycle")
let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
let configuration = Target.Dependency.product(name: "Configuration", package: "swift-configuration")
let systemPackage = Target.Dependency.product(name: "SystemPackage", package: "swift-system")
let metrics = Target.Dependency.product(name: "Metrics", package: "swift-metrics")
let prometheus = Target.Dependency.product(name: "Prometheus", package: "swift-prometheus")
let zip = Target.Dependency.product(name: "ZIPFoundation", package: "ZIPFoundation")
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdTesting = Target.Dependency.product(name: "HummingbirdTesting", package: "hummingbird")
let httpClient = Target.Dependency.product(name: "AsyncHTTPClient", package: "async-http-client")
let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioHTTP1 = Target.Dependency.product(name: "NIOHTTP1", package: "swift-nio")
let nioSSL = Target.Dependency.product(name: "NIOSSL", package: "swift-nio-ssl")

/// A service: a library with the domain and handlers, and a thin executable.
func service(_ folder: String, module: String, executable: String, extra: [Target.Dependency] = []) -> [Target] {
    [
        .target(
            name: module,
            dependencies: ["QuenchRuntime", "QuenchProtocol", "MessagePack", grdb, log] + extra,
            path: "Services/\(folder)/Sources",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: executable,
            dependencies: [.target(name: module), "QuenchRuntime"],
            path: "Services/\(folder)/Executable",
            swiftSettings: swiftSettings
        ),
    ]
}

let package = Package(
    name: "quench",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ZeroMQ", targets: ["ZeroMQ"]),
        .library(name: "MessagePack", targets: ["MessagePack"]),
        .library(name: "QuenchProtocol", targets: ["QuenchProtocol"]),
        .library(name: "QuenchClient", targets: ["QuenchClient"]),
        .library(name: "QuenchRuntime", targets: ["QuenchRuntime"]),
        .library(name: "HealthImport", targets: ["HealthImport"]),
        .library(name: "QuenchCharts", targets: ["QuenchCharts"]),
        .library(name: "QuenchStrings", targets: ["QuenchStrings"]),
        .executable(name: "quench", targets: ["quench"]),
        .executable(name: "quench-intake", targets: ["quench-intake"]),
        .executable(name: "quench-goals", targets: ["quench-goals"]),
        .executable(name: "quench-health-ingest", targets: ["quench-health-ingest"]),
        .executable(name: "quench-analytics", targets: ["quench-analytics"]),
        .executable(name: "quench-web", targets: ["quench-web"]),
        .executable(name: "quench-bench", targets: ["quench-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: [.defaults, "CommandLineArguments"]),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The CLI fetches the challenges catalog over HTTP/HTTPS (`quench challenges sync`).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    ],
    targets: [
        // MARK: Generic building blocks (know nothing of Quench)
        .systemLibrary(
            name: "CZeroMQ",
            path: "Shared/CZeroMQ",
            pkgConfig: "libzmq",
            providers: [.apt(["libzmq3-dev"])]
        ),
        .systemLibrary(name: "CSystemExtras", path: "Shared/CSystemExtras"),
        // sqlite3_config, which Swift cannot call (variadic): the storage's process-wide settings.
        .systemLibrary(name: "CSQLiteTuning", path: "Shared/CSQLiteTuning"),
        .target(name: "CSHA256", path: "Shared/CSHA256"),
        .target(name: "ZeroMQ", dependencies: ["CZeroMQ"], path: "Shared/ZeroMQ", swiftSettings: swiftSettings),
        .target(name: "MessagePack", path: "Shared/MessagePack", swiftSettings: swiftSettings),
        // Child processes on posix_spawn (Foundation's Process.run crashes intermittently on Linux).
        .target(name: "ChildProcess", path: "Shared/ChildProcess", swiftSettings: swiftSettings),
        // Charts (model, terminal and SVG renderers, the share card): pure Swift, no Foundation.
        .target(name: "QuenchCharts", path: "Shared/QuenchCharts", swiftSettings: swiftSettings),
        // Every user-facing string (CLI and web) in en, de, fr and the pseudo-locale, plural rules,
        // locale formatting (docs/LOCALISATION.md): Foundation only, no resources to deploy.
        .target(name: "QuenchStrings", path: "Shared/QuenchStrings", swiftSettings: swiftSettings),

        // MARK: Quench shared layer
        .target(name: "QuenchProtocol", dependencies: ["MessagePack", "CSystemExtras"], path: "Shared/QuenchProtocol", swiftSettings: swiftSettings),
        // The client side: RPC client, CURVE key files and allow-lists, the service catalog.
        // What the CLI, the benchmarks and any other client link (no GRDB, Prometheus or lifecycle).
        // The build's commit (generated before each build by Plugins/BuildCommit).
        .target(name: "QuenchBuildInfo", path: "Shared/QuenchBuildInfo", swiftSettings: swiftSettings, plugins: ["BuildCommit"]),
        .plugin(name: "BuildCommit", capability: .buildTool(), path: "Plugins/BuildCommit"),
        .target(
            name: "QuenchClient",
            dependencies: ["ZeroMQ", "MessagePack", "QuenchProtocol", "QuenchStrings", "QuenchBuildInfo", log],
            path: "Shared/QuenchClient",
            swiftSettings: swiftSettings
        ),
        // The server side: RPC server, dispatcher, committer, outbox, storage, metrics, the host.
        .target(
            name: "QuenchRuntime",
            dependencies: [
                "QuenchClient", "ZeroMQ", "MessagePack", "QuenchProtocol", "CSystemExtras", "CSHA256", "CSQLiteTuning", log, lifecycle, unixSignals, grdb,
                configuration, systemPackage, metrics, prometheus,
            ],
            path: "Shared/QuenchRuntime",
            swiftSettings: swiftSettings
        ),

        // MARK: Import parsing (pure, streaming: Apple Health exports, workout logs; used by the CLI, which reads the files)
        .target(name: "HealthImport", dependencies: ["QuenchProtocol", "QuenchStrings", zip], path: "Shared/HealthImport", swiftSettings: swiftSettings),

        // MARK: Gateway CLI
        .target(
            name: "QuenchCLI",
            dependencies: [
                "QuenchClient", "QuenchProtocol", "MessagePack", "ZeroMQ", "HealthImport", "QuenchCharts", "QuenchStrings", "ChildProcess", argumentParser, log,
                httpClient, nioCore, nioHTTP1, nioSSL,
            ],
            path: "Services/Gateway/Sources",
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "quench", dependencies: ["QuenchCLI"], path: "Services/Gateway/Executable", swiftSettings: swiftSettings),

        // MARK: Web dashboard (quench-web's pages: HTML with inline SVG from the protocol's replies; pure, no I/O)
        .target(name: "WebDashboard", dependencies: ["QuenchProtocol", "QuenchCharts", "QuenchStrings"], path: "Services/Web/Dashboard", swiftSettings: swiftSettings),
        .testTarget(name: "WebDashboardTests", dependencies: ["QuenchTestSupport", "WebDashboard", "QuenchProtocol", "QuenchCharts", "QuenchStrings"], swiftSettings: swiftSettings),

        // MARK: Benchmarks (not part of the test run; see docs/BENCHMARKS.md)
        .executableTarget(
            name: "quench-bench",
            dependencies: ["QuenchClient", "QuenchProtocol", "MessagePack", "ZeroMQ", "HealthImport", "CSystemExtras", "ChildProcess", argumentParser],
            path: "Benchmarks/QuenchBench",
            swiftSettings: swiftSettings
        ),

        // MARK: Fuzzing (libFuzzer with -sanitize=fuzzer; a corpus replayer otherwise; see docs/SECURITY.md)
        .executableTarget(
            name: "quench-fuzz", dependencies: ["MessagePack", "QuenchProtocol", "HealthImport"], path: "Tests/Fuzz", exclude: ["Corpus"],
            swiftSettings: swiftSettings),

        // MARK: Tests
        .target(name: "QuenchTestSupport", dependencies: ["ChildProcess"], path: "Tests/QuenchTestSupport", swiftSettings: swiftSettings),
        // The in-process test kit (each service's real handlers, dispatcher, committer, outbox and
        // subscribers without sockets) and its live mode (the real executables): tests only.
        .target(
            name: "QuenchTesting",
            dependencies: [
                "QuenchTestSupport", "QuenchRuntime", "QuenchProtocol", "MessagePack", "ChildProcess",
                "IntakeService", "GoalsService", "HealthIngestService", "AnalyticsService", grdb, log,
            ],
            path: "Tests/QuenchTesting",
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "MessagePackTests", dependencies: ["QuenchTestSupport", "MessagePack", "ChildProcess"], exclude: ["Regressions"], swiftSettings: swiftSettings),
        .testTarget(name: "QuenchProtocolTests", dependencies: ["QuenchTestSupport", "QuenchProtocol", "MessagePack"], swiftSettings: swiftSettings),
        .testTarget(name: "QuenchRuntimeTests", dependencies: ["QuenchTestSupport", "QuenchRuntime", "QuenchProtocol", "MessagePack", grdb, log], swiftSettings: swiftSettings),
        .testTarget(name: "ZeroMQTests", dependencies: ["ZeroMQ"], swiftSettings: swiftSettings),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess"], swiftSettings: swiftSettings),
        .testTarget(name: "QuenchChartsTests", dependencies: ["QuenchTestSupport", "QuenchCharts"], swiftSettings: swiftSettings),
        .testTarget(name: "HealthImportTests", dependencies: ["QuenchTestSupport", "HealthImport", "QuenchStrings", zip], swiftSettings: swiftSettings),
        .testTarget(
            name: "QuenchCLITests",
            dependencies: ["QuenchCLI", "QuenchStrings", "HealthImport", "QuenchProtocol", "MessagePack", "QuenchTestSupport", "ChildProcess", nioSSL],
            exclude: ["CatalogLintAllowList.txt"],
            swiftSettings: swiftSettings),
        .testTarget(name: "QuenchStringsTests", dependencies: ["QuenchStrings"], swiftSettings: swiftSettings),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "QuenchTesting", "QuenchRuntime", "QuenchProtocol", "ZeroMQ", "MessagePack", "QuenchTestSupport", "ChildProcess", "HealthImport",
                "QuenchStrings", grdb, log,
                lifecycle,
            ],
            swiftSettings: swiftSettings
        ),
        // (service unit-test targets are added below, one per service)
        .testTarget(name: "HealthIngestServiceTests", dependencies: ["QuenchTesting", "HealthIngestService", "HealthImport", "QuenchProtocol", "QuenchRuntime", grdb], swiftSettings: swiftSettings),
        .testTarget(name: "AnalyticsServiceTests", dependencies: ["QuenchTesting", "QuenchTestSupport", "AnalyticsService", "QuenchProtocol", "QuenchRuntime", "MessagePack", grdb, log], swiftSettings: swiftSettings),
        .testTarget(name: "IntakeServiceTests", dependencies: ["QuenchTesting", "IntakeService", "QuenchProtocol", "QuenchRuntime", "MessagePack", grdb], swiftSettings: swiftSettings),
        .testTarget(name: "GoalsServiceTests", dependencies: ["QuenchTesting", "QuenchTestSupport", "GoalsService", "QuenchProtocol", "QuenchRuntime", "MessagePack", grdb], swiftSettings: swiftSettings),
        .testTarget(
            name: "ServiceCatalogTests",
            dependencies: [
                "QuenchTestSupport", "QuenchClient", "QuenchRuntime", "QuenchProtocol", "IntakeService", "GoalsService", "HealthIngestService",
                "AnalyticsService", "WebService", log,
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "MessageCatalogTests",
            dependencies: [
                "QuenchTestSupport", "IntakeService", "GoalsService", "HealthIngestService", "AnalyticsService", "WebService", "QuenchRuntime",
                "QuenchProtocol", "MessagePack", grdb, log,
            ],
            swiftSettings: swiftSettings),
    ]
        + service("Intake", module: "IntakeService", executable: "quench-intake")
        + service("Goals", module: "GoalsService", executable: "quench-goals")
        + service("HealthIngest", module: "HealthIngestService", executable: "quench-health-ingest")
        + service("Analytics", module: "AnalyticsService", executable: "quench-analytics", extra: ["QuenchCharts"])
        // The web edge: HTTP outside (Hummingbird), the same ZeroMQ protocol inside; also a
        // service of its own (tokens.*, its SQLite file). See docs/SECURITY.md "The web edge".
        + service("Web", module: "WebService", executable: "quench-web", extra: ["QuenchClient", "HealthImport", "WebDashboard", "QuenchStrings", hummingbird, configuration, lifecycle, metrics])
        + [
            .testTarget(
                name: "WebServiceTests",
                dependencies: [
                    "WebService", "QuenchTesting", "QuenchTestSupport", "QuenchRuntime", "QuenchProtocol", "QuenchClient", "MessagePack",
                    "ChildProcess", "HealthImport", hummingbird, hummingbirdTesting, grdb, log,
                ],
                swiftSettings: swiftSettings),
        ]
)
