/// A failed fetch of the challenges feed as a stable code and its values, the way goals keeps
/// it beside the English detail (`challenges.checked`'s `reason`, docs/PROTOCOL.md §7), so that
/// `quench challenges` says a stored failure in its reader's language whatever language the
/// sync ran in. `feed.server_failed` with `status` and `reason` is
/// ``ChallengeSyncText/serverFailed(code:reason:)``.
extension ChallengeSyncText {
    /// This failure's code and values; nil for a text that is no fetch failure.
    public var reason: (code: String, values: [String: String])? {
        switch self {
        case .timedOut(let seconds): ("feed.timed_out", ["seconds": "\(seconds)"])
        case .unreachable(let system):
            ("feed.unreachable", system.code.map { ["errno": String($0)] } ?? ["detail": system.detail])
        case .tlsRefused(let detail, let hint): ("feed.tls_refused", ["detail": detail, "privateCAHint": hint ? "true" : "false"])
        case .serverFailed(let code, let reason): ("feed.server_failed", ["status": String(code), "reason": reason])
        case .unexpectedStatus(let code, let reason): ("feed.unexpected_status", ["status": String(code), "reason": reason])
        case .redirects(let limit): ("feed.redirects", ["limit": String(limit)])
        case .tooLarge(let bytes, let limit): ("feed.too_large", ["bytes": String(bytes), "limit": String(limit)])
        case .bodyTooLarge(let limit): ("feed.body_too_large", ["limit": String(limit)])
        case .notJSON: ("feed.not_json", [:])
        case .noItems: ("feed.no_items", [:])
        case .tooManyItems(let count, let limit): ("feed.too_many_items", ["count": String(count), "limit": String(limit)])
        case .feedEmpty: ("feed.empty", [:])
        case .noneUsable(let skipped): ("feed.none_usable", ["skipped": String(skipped)])
        default: nil
        }
    }

    /// The failure of `code` with `values`; nil for a code this catalog does not know or
    /// values it cannot read (then the stored English detail is shown).
    public init?(reason code: String, values: [String: String]) {
        func int(_ key: String) -> Int? { values[key].flatMap { Int($0) } }
        switch code {
        case "feed.timed_out":
            guard let seconds = values["seconds"].flatMap(Double.init) else { return nil }
            self = .timedOut(seconds: seconds)
        case "feed.unreachable":
            if let errno = values["errno"].flatMap({ Int32($0) }) {
                self = .unreachable(SystemErrorText(errno: errno))
            } else {
                guard let detail = values["detail"] else { return nil }
                self = .unreachable(SystemErrorText(detail: detail))
            }
        case "feed.tls_refused":
            guard let detail = values["detail"] else { return nil }
            self = .tlsRefused(detail, privateCAHint: values["privateCAHint"] == "true")
        case "feed.server_failed", "feed.unexpected_status":
            guard let status = int("status") else { return nil }
            let reason = values["reason"] ?? ""
            self = code == "feed.server_failed" ? .serverFailed(code: status, reason: reason) : .unexpectedStatus(code: status, reason: reason)
        case "feed.redirects":
            guard let limit = int("limit") else { return nil }
            self = .redirects(limit: limit)
        case "feed.too_large":
            guard let bytes = int("bytes"), let limit = int("limit") else { return nil }
            self = .tooLarge(bytes: bytes, limit: limit)
        case "feed.body_too_large":
            guard let limit = int("limit") else { return nil }
            self = .bodyTooLarge(limit: limit)
        case "feed.not_json": self = .notJSON
        case "feed.no_items": self = .noItems
        case "feed.too_many_items":
            guard let count = int("count"), let limit = int("limit") else { return nil }
            self = .tooManyItems(count: count, limit: limit)
        case "feed.empty": self = .feedEmpty
        case "feed.none_usable":
            guard let skipped = int("skipped") else { return nil }
            self = .noneUsable(skipped: skipped)
        default: return nil
        }
    }
}
