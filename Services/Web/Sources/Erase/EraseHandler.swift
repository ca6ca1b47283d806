import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// `web.erase`: the web edge's part of `quench erase`. Who may call it is decided as for
/// `intake.erase`, `goal.erase` and `health.erase` (`RequestContext.actingUser()`): a user
/// erases only itself; the operator (or an insecure deployment) names the user in the
/// envelope. In the command's transaction it deletes the user's tokens, sessions and sign-in
/// links (``WebUserStore``) and forgets the user's stored replies (`forgetTraces(of:)`);
/// once that has committed, the user's cached tokens and sessions and open live streams go
/// (``UserMemory``) and the file is scrubbed (`VACUUM`, WAL truncated) before the reply goes
/// out, as in every service. The web publishes no events, so there is no `web.erased`.
struct EraseHandler {
    let memory: UserMemory

    func register(in registry: inout HandlerRegistry) {
        registry.command(.webErase) { (_: UserDataRequest, write) in try erase(write) }
    }

    func erase(_ write: WriteContext) throws -> EraseReply {
        let user = try write.request.actingUser()
        let deleted = try WebUserStore.erase(write.db, user: user)
        try write.forgetTraces(of: user)
        // After the commit, not before: a request that read the file before it may not put
        // the user's token back in the cache (SecretCache's generation), nor find it there.
        write.db.afterNextTransaction(onCommit: { [memory] _ in memory.forget(user: user) })
        return Self.reply(deleted)
    }

    /// The reply that reports `deleted` (also `DELETE /api/v1/me`'s web entry, ``AccountErase``).
    static func reply(_ deleted: WebUserStore.Deleted) -> EraseReply {
        EraseReply(service: ServiceName.web, deleted: ["tokens": deleted.tokens, "sessions": deleted.sessions, "links": deleted.signInLinks])
    }
}
