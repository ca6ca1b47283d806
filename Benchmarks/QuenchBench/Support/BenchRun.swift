import Foundation

/// What every benchmark gets: options, the report, and the shared deployments.
final class BenchRun: @unchecked Sendable {
    let options: BenchOptions
    let report = Report()
    private var deployments: [String: BenchDeployment] = [:]

    /// The ports used, from `--port-base` (7800 by default): full deployment +0…+15, intake
    /// alone +20…+27 (CURVE) and +40…+47 (insecure), the A/B run's second intake +60…+67 and
    /// +70…+77, raw echo +90/+91, absent upstreams +98/+99.
    var fullBase: Int { options.portBase }
    var secureIntakeBase: Int { options.portBase + 20 }
    var insecureIntakeBase: Int { options.portBase + 40 }
    func echoEndpoint(secure: Bool) -> String { "tcp://127.0.0.1:\(options.portBase + (secure ? 90 : 91))" }

    /// The users the import benchmark imports for, one per run.
    static let importUsers = (1...10).map { "import\($0)" }
    /// Users with keys in every deployment.
    /// The users the workout import benchmark imports for, one per size.
    static let workoutUsers = (1...4).map { "lifter\($0)" }
    /// The user the Health Auto Export benchmark imports for.
    static let autoExportUser = "autoexport"
    static let users = ["bench", "fanout", "tenyears", "cli"] + importUsers + workoutUsers + [autoExportUser]

    init(options: BenchOptions) {
        self.options = options
        try? FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
    }

    var quick: Bool { options.quick }

    /// All four services with CURVE (the default configuration).
    func full() async throws -> BenchDeployment {
        try await deployment("full", secure: true, services: BenchDeployment.order, base: fullBase)
    }

    /// Intake alone (no subscriber downstream loading the machine), CURVE on or off.
    func intakeAlone(secure: Bool) async throws -> BenchDeployment {
        try await deployment(secure ? "intake-curve" : "intake-insecure", secure: secure, services: ["intake"],
                             base: secure ? secureIntakeBase : insecureIntakeBase)
    }

    /// Intake alone built from the executables in `binaries` (the other side of an A/B run),
    /// on ports +60…+67 (CURVE) or +70…+77 (insecure).
    func intakeAlone(secure: Bool, binaries: String) async throws -> BenchDeployment {
        try await deployment(secure ? "intake-curve-b" : "intake-insecure-b", secure: secure, services: ["intake"],
                             base: options.portBase + (secure ? 60 : 70), binaries: binaries)
    }

    private func deployment(
        _ name: String, secure: Bool, services: [String], base: Int, binaries: String? = nil
    ) async throws -> BenchDeployment {
        if let existing = deployments[name] { return existing }
        let deployment = try BenchDeployment(
            root: "\(options.work)/deploy-\(name)", binaries: binaries ?? options.binaries, secure: secure,
            services: services, basePort: base, users: Self.users)
        deployments[name] = deployment
        try await deployment.start()
        return deployment
    }

    func stopAll() {
        for deployment in deployments.values { deployment.stop() }
        deployments.removeAll()
    }

    func finish() throws {
        stopAll()
        try report.save(to: options.work)
        print("\nresults: \(options.work)/results.md\n")
        print(report.markdown)
    }
}
