import QuenchProtocol
import QuenchStrings

/// The line under an analytics answer when it may be missing recent events. It names the
/// publisher only: a user's reply withholds the counters, which count every user's events
/// (``SubscriptionHealth/withheldCounters``).
enum LagNote {
    /// Empty when analytics is up to date with every publisher.
    static func text(_ lag: [SubscriptionHealth], style: Style) -> String {
        let notes = lag.compactMap { entry -> String? in
            if !entry.connected {
                return tr(CommonText.publisherOutOfReach(publisher: entry.publisher))
            }
            return entry.lag > 0 ? tr(CommonText.changesNotApplied(publisher: entry.publisher)) : nil
        }
        guard !notes.isEmpty else { return "" }
        return "\n" + style.yellow(tr(CommonText.analyticsBehind(notes: notes.joined(separator: "; "))))
    }
}
