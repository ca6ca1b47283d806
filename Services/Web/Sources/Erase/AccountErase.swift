import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// `DELETE /api/v1/me`: `quench erase` for the request's own user, from the web. The three
/// domain services' erases (`intake.erase`, `goal.erase`, `health.erase`, the requests
/// `quench erase` sends) go out in parallel through ``Backend/erase(_:for:)`` (their own,
/// longer timeout); analytics drops its derived data on their erase events. Once all three
/// have erased, the web's own part follows in-process, as ``EraseHandler`` does it for
/// `web.erase`: tokens, sessions, sign-in links and stored replies in one transaction, then
/// the cached secrets, live streams and caches (``UserMemory``), then the file is scrubbed.
/// When a service is down or fails, the web's part is kept (reported `kept`) so that the same
/// token or session can run the erase again; running it again is safe.
struct AccountErase {
    let app: WebApp
    let memory: UserMemory

    /// One service's outcome, as `quench erase --json` reports it, with a `status`.
    struct ServiceResult: Encodable, Sendable, Equatable {
        enum Status: String, Encodable, Sendable {
            /// The service erased the user (`deleted`: what it removed).
            case erased
            /// The service did not answer (unavailable, timed out): run the erase again.
            case down
            /// The service answered with an error (`error`).
            case error
            /// The web's own part, not run because a service above did not erase: the token
            /// or session still works, to run the erase again.
            case kept
        }

        var service: String
        var status: Status
        var erased: Bool
        var deleted: [String: Int]?
        var error: String?
    }

    /// The reply body: every service's outcome, by service name.
    struct Report: Encodable, Sendable {
        var user: String
        /// True when every service (the web's part included) erased the user.
        var erased: Bool
        var services: [ServiceResult]
    }

    /// The domain services' erases, in the order the report lists them.
    static let domainErases: [Command<UserDataRequest, EraseReply>] = [.goalErase, .healthErase, .intakeErase]

    func run(for user: String) async -> Report {
        let domain = await withTaskGroup(of: ServiceResult.self) { group in
            for message in Self.domainErases {
                group.addTask { [app] in
                    let service = message.service ?? message.name
                    do {
                        let reply = try await app.backend.erase(message, for: user)
                        return ServiceResult(service: service, status: .erased, erased: true, deleted: reply.deleted)
                    } catch {
                        return Self.failure(service, error)
                    }
                }
            }
            var all: [ServiceResult] = []
            for await result in group { all.append(result) }
            return all.sorted { $0.service < $1.service }
        }
        let web: ServiceResult
        if domain.allSatisfy(\.erased) {
            do {
                let reply = try await eraseWeb(user)
                web = ServiceResult(service: ServiceName.web, status: .erased, erased: true, deleted: reply.deleted)
            } catch {
                web = Self.failure(ServiceName.web, error)
            }
        } else {
            web = ServiceResult(
                service: ServiceName.web, status: .kept, erased: false,
                error: "kept until every service above has erased: this token or session still works, to run the erase again")
        }
        let services = domain + [web]
        return Report(user: user, erased: services.allSatisfy(\.erased), services: services)
    }

    /// The web's own part: what `web.erase` does, in this process.
    func eraseWeb(_ user: String) async throws -> EraseReply {
        let reply = try await app.database.pool.write { db in
            let deleted = try WebUserStore.erase(db, user: user)
            try UserErasure.forgetTraces(db, user: user, outbox: nil)
            return EraseHandler.reply(deleted)
        }
        memory.forget(user: user)
        _ = app.database.scrubIfRequested()
        return reply
    }

    static func failure(_ service: String, _ error: any Error) -> ServiceResult {
        let quench = error as? QuenchError ?? QuenchError.internal("\(error)")
        let down = quench.code == .unavailable || quench.code == .deadlineExceeded
        return ServiceResult(service: service, status: down ? .down : .error, erased: false, error: quench.description)
    }
}
