import Foundation
import Synchronization

/// The sign-in rate limit: a token bucket per client address, `perMinute` attempts a
/// minute (bursts up to that many), successful or not. At most `maxClients` addresses are
/// tracked (the stalest forgotten first), so a flood of addresses cannot grow it without
/// bound. Refused attempts get 429 with `Retry-After`.
final class SignInLimiter: Sendable {
    let perMinute: Int
    let maxClients: Int
    private let buckets = Mutex<[String: (tokens: Double, at: ContinuousClock.Instant)]>([:])

    init(perMinute: Int, maxClients: Int = 10_000) {
        self.perMinute = perMinute
        self.maxClients = maxClients
    }

    /// Takes one attempt for `client`; nil when allowed, else the seconds until the next one.
    func take(_ client: String, now: ContinuousClock.Instant = .now) -> Int? {
        let rate = Double(perMinute) / 60
        return buckets.withLock { buckets in
            var bucket = buckets[client] ?? (Double(perMinute), now)
            let elapsed = now - bucket.at
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(Double(perMinute), bucket.tokens + seconds * rate)
            bucket.at = now
            if buckets[client] == nil, buckets.count >= maxClients {
                if let stalest = buckets.min(by: { $0.value.at < $1.value.at })?.key { buckets.removeValue(forKey: stalest) }
            }
            guard bucket.tokens >= 1 else {
                buckets[client] = bucket
                return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
            }
            bucket.tokens -= 1
            buckets[client] = bucket
            return nil
        }
    }
}
