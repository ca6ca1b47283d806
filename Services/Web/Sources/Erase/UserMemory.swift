import Synchronization

/// Something in quench-web's memory that holds a user's data or connections: it drops them
/// when the user is erased.
protocol ForgetsUsers: AnyObject, Sendable {
    func forget(user: String)
}

/// What quench-web keeps about users outside `web.sqlite`: the cache of checked tokens and
/// sessions (``SecretCache``), and what each router registers (the dashboard's live streams,
/// its usual-drinks cache). ``forget(user:)`` drops all of it (``EraseHandler``, after the
/// erase committed). One per process, like ``SecretCache/shared``; it holds what registered
/// weakly, so a router that went away leaves nothing behind.
final class UserMemory: Sendable {
    static let shared = UserMemory()

    private struct Weak: @unchecked Sendable {
        weak var target: (any ForgetsUsers)?
    }

    private let holders = Mutex<[Weak]>([])
    let secrets: SecretCache

    init(secrets: SecretCache = .shared) {
        self.secrets = secrets
    }

    /// Has `holder` told of every erase from now on.
    func register(_ holder: any ForgetsUsers) {
        holders.withLock { holders in
            holders.removeAll { $0.target == nil }
            holders.append(Weak(target: holder))
        }
    }

    /// Drops the user's cached tokens and sessions (refused from the next request) and
    /// everything registered holders keep of the user (live streams end).
    func forget(user: String) {
        secrets.forget(user: user)
        let targets = holders.withLock { $0.compactMap(\.target) }
        for target in targets { target.forget(user: user) }
    }
}
