import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench erase --yes`
struct Erase: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete everything about you in every service.",
        discussion: HelpText.reflow("""
            Erases in intake, goals, health-ingest and the web edge (your API tokens, browser
            sessions and sign-in links) in parallel and reports each; analytics drops its derived
            data when it sees their erase events. A service that is down is reported and the rest
            still erase; running it again is safe. A deployment without the web edge (the client
            config names no endpoint for it, e.g. `quench up --no-web`) reports it as not
            deployed. Each service answers once its files hold no byte of yours any more (it
            rebuilds them, which takes seconds on a large deployment), so erase waits up to
            \(Int(Erase.defaultTimeout)) s for each by default (--timeout to change it).

            Example: quench erase --yes
            """))

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Confirm: this cannot be undone.")
    var yes = false

    func validate() throws {
        guard yes else {
            throw ValidationError(tr(SetupText.confirmErase))
        }
    }

    struct ServiceResult: Encodable, Sendable {
        var service: String
        var erased: Bool
        var deleted: [String: Int]?
        var error: String?
        /// The service did not answer (exit 69 rather than 65); not in the JSON.
        var unavailable = false

        private enum CodingKeys: String, CodingKey {
            case service, erased, deleted, error
        }
    }

    /// Seconds each service's erase may take when `--timeout` is not given: the service
    /// rebuilds its files before it answers.
    static let defaultTimeout: Double = 120

    /// The erases to send: the three domain services always (a missing endpoint is a broken
    /// config, reported as such), the web edge's only when the client config names an
    /// endpoint for it; otherwise it is listed as not deployed.
    static func targets(_ config: ClientConfig) -> (send: [Command<UserDataRequest, EraseReply>], notDeployed: [String]) {
        let domain: [Command<UserDataRequest, EraseReply>] = [.intakeErase, .goalErase, .healthErase]
        return config.services[ServiceName.web] == nil ? (domain, [ServiceName.web]) : (domain + [.webErase], [])
    }

    func run() async throws {
        var options = global
        if options.timeout == nil { options.timeout = TimeoutArgument(seconds: Self.defaultTimeout) }
        try await CLI.run(options) { gateway, output in
            let user = try gateway.requireUser()
            let (targets, notDeployed) = Self.targets(gateway.config)
            let results = await withTaskGroup(of: ServiceResult.self) { group in
                for target in targets {
                    let service = target.service ?? ""
                    group.addTask {
                        do {
                            let reply = try await gateway.call(target, UserDataRequest())
                            return ServiceResult(service: service, erased: true, deleted: reply.deleted, error: nil)
                        } catch {
                            let failure = CLIError.from(error)
                            return ServiceResult(
                                service: service, erased: false, deleted: nil, error: failure.description, unavailable: failure.exitCode == 69)
                        }
                    }
                }
                var all: [ServiceResult] = []
                for await result in group { all.append(result) }
                return all.sorted { $0.service < $1.service }
            }
            struct Result: Encodable {
                var user: String
                var services: [ServiceResult]
                /// Services the client config names no endpoint for (nothing was sent to them).
                var notDeployed: [String]
            }
            try output.emit(Result(user: user, services: results, notDeployed: notDeployed)) {
                results.map { result in
                    if result.erased {
                        let counts = (result.deleted ?? [:]).sorted { $0.key < $1.key }.map { Format.thousands(Int64($0.value)) + " " + $0.key }
                            .joined(separator: ", ")
                        return output.style.green("✓") + " " + tr(SetupText.erased(service: result.service, counts: counts.isEmpty ? tr(SetupText.nothing) : counts))
                    }
                    return output.style.red("✗") + " " + tr(SetupText.eraseFailed(service: result.service, error: result.error ?? tr(SetupText.failed)))
                }.joined(separator: "\n")
                    + notDeployed.map { "\n" + output.style.dim("–") + " " + tr(SetupText.eraseNotDeployed(service: $0)) }.joined()
            }
            if let failed = results.first(where: { !$0.erased }) {
                throw ExitCode(failed.unavailable ? 69 : 65)
            }
        }
    }
}
