/// The user event stream's subscriptions, per principal: each principal may hold at most
/// `maxPerPrincipal` distinct prefixes (all its connections together; a prefix sent again,
/// e.g. on reconnect, is not counted twice) and a prefix longer than `maxBytes` is refused
/// but still counted, since libzmq keeps every prefix a peer sent until it disconnects.
///
/// libzmq's `XPUB_MANUAL` does not say which connection a subscription came from, only its
/// `User-Id`, and forgets a disconnected peer's prefixes without naming it, so counting per
/// principal is what bounds the stream: what the ledger holds is bounded by
/// principals × `maxPerPrincipal` × `maxBytes`, and the server reopens the stream (dropping
/// every connection, freeing libzmq's copies) when a principal goes over.
struct SubscriptionLedger {
    /// What to do with one subscription.
    enum Verdict: Equatable {
        /// Apply it.
        case apply
        /// Longer than `maxBytes`: refused, counted.
        case tooLong
        /// One distinct prefix more than `maxPerPrincipal`: the principal floods.
        case overLimit
    }

    let maxPerPrincipal: Int
    let maxBytes: Int
    private var prefixes: [String: Set<[UInt8]>] = [:]

    init(maxPerPrincipal: Int, maxBytes: Int) {
        self.maxPerPrincipal = maxPerPrincipal
        self.maxBytes = maxBytes
    }

    /// A subscription to `prefix` (as the peer sent it) by `principal`.
    mutating func subscribe(_ prefix: [UInt8], by principal: String) -> Verdict {
        var held = prefixes[principal, default: []]
        if !held.contains(prefix) {
            guard held.count < maxPerPrincipal else { return .overLimit }
            held.insert(prefix)
            prefixes[principal] = held
        }
        return prefix.count > maxBytes ? .tooLong : .apply
    }

    /// An unsubscription from `prefix` by `principal`.
    mutating func unsubscribe(_ prefix: [UInt8], by principal: String) {
        guard var held = prefixes[principal], held.remove(prefix) != nil else { return }
        prefixes[principal] = held.isEmpty ? nil : held
    }

    /// Forgets everything (the stream was reopened: every subscriber sends its prefixes again).
    mutating func reset() {
        prefixes.removeAll()
    }

    /// How many distinct prefixes `principal` holds.
    func count(of principal: String) -> Int {
        prefixes[principal]?.count ?? 0
    }
}
