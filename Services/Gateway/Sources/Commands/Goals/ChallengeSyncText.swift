import Foundation
import QuenchProtocol

/// Every user-facing string of `quench challenges sync` and of the catalog's source line,
/// in one place (so they move into the CLI's string catalog together).
enum ChallengeSyncText {
    // MARK: Fetch failures (ChallengeFeed)

    static func timedOut(seconds: Double) -> String {
        "the feed did not answer within \(String(format: "%g", seconds)) s"
    }

    static func unreachable(_ detail: String) -> String {
        "the feed cannot be reached: \(detail.prefix(200))"
    }

    static func serverFailed(_ code: UInt, _ reason: String) -> String {
        "the feed answered \(code) \(reason.prefix(80)) (a server error: try again later)"
    }

    static func unexpectedStatus(_ code: UInt, _ reason: String) -> String {
        "the feed answered \(code) \(reason.prefix(80)), not 200 or 304"
    }

    static func redirects(_ limit: Int) -> String {
        "the feed redirected more than \(limit) times, or in a circle"
    }

    static func tooLarge(bytes: Int?, limit: Int) -> String {
        let size = bytes.map { "\($0) bytes" } ?? "the body"
        return "\(size) is larger than a challenges feed may be (\(limit) bytes)"
    }

    // MARK: The feed's body (ChallengeFeedParser)

    static let notJSON = "the feed is not JSON"
    static let noItems = #"the feed is not {"items":[…]}: no "items" array"#
    static let notAnObject = "must be an object"
    static let unreadable = "cannot be read"

    static func tooManyItems(_ count: Int, limit: Int) -> String {
        "items: at most \(limit) challenges per feed, got \(count)"
    }

    static func duplicate(of first: Int, id: String) -> String {
        "duplicates items[\(first)].id '\(id.prefix(64))'"
    }

    static func noGoodItem(skipped: Int) -> String {
        skipped == 0 ? "the feed has no challenges" : "none of the feed's \(skipped) challenges can be used"
    }

    // MARK: The command

    static func noURL() -> String {
        "no feed URL: give one (quench challenges sync URL), set challengesURL in the client config or QUENCH_CHALLENGES_URL"
    }

    static func badURL(_ text: String) -> String {
        "must be an http or https URL, got '\(text.prefix(80))'"
    }

    static let catalogKept = "the catalog was kept"

    static func skipped(_ item: ChallengeFeedParser.Skipped) -> String {
        let id = item.id.map { " ('\($0)')" } ?? ""
        return "skipped \(item.field)\(id): \(item.message)"
    }

    static func replaced(_ reply: ReplaceChallengesReply) -> String {
        "Catalog replaced from the feed: \(reply.received) challenges (\(reply.created) new, \(reply.updated) changed, "
            + "\(reply.unchanged) unchanged, \(reply.retired) retired); changes count from \(reply.effectiveDay)."
    }

    static func notModified(_ url: String) -> String {
        "The catalog is current: \(url) has not changed."
    }

    static func offline(_ reason: String) -> String {
        "Could not fetch the feed (\(reason)); the cached catalog is shown."
    }

    // MARK: The catalog's source (`quench challenges`)

    /// "From https://… (fetched 3 h ago; last check 5 min ago failed: …)".
    static func source(_ source: ChallengeSyncState?, now: Date) -> String {
        guard let source else { return "From files (quench challenges load); never synced from a feed." }
        var line = "From \(source.url), fetched \(age(source.fetchedAt, now: now))"
        if source.checkedAt > source.fetchedAt {
            switch source.outcome {
            case ChallengeSyncState.Outcome.failed:
                line += "; the last check \(age(source.checkedAt, now: now)) failed: \(source.detail ?? "")"
            default:
                line += "; unchanged at the last check \(age(source.checkedAt, now: now))"
            }
        }
        if source.skipped > 0 {
            line += "; \(source.skipped) bad item\(source.skipped == 1 ? "" : "s") of the feed left out"
        }
        return line + "."
    }

    /// How long ago `date` was: "just now", "12 min ago", "5 h ago", "3 days ago".
    static func age(_ date: Date, now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<(48 * 3600): return "\(Int(seconds / 3600)) h ago"
        default:
            let days = Int(seconds / 86400)
            return "\(days) days ago"
        }
    }
}
