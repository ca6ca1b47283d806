import QuenchProtocol

/// The line under an analytics answer when it may be missing recent events.
enum LagNote {
    /// Empty when analytics is up to date with every publisher.
    static func text(_ lag: [SubscriptionHealth], style: Style) -> String {
        let notes = lag.compactMap { entry -> String? in
            if !entry.connected {
                return "\(entry.publisher) is out of reach (last applied event \(entry.appliedSeq))"
            }
            return entry.lag > 0 ? "\(entry.lag) events of \(entry.publisher) not applied yet" : nil
        }
        guard !notes.isEmpty else { return "" }
        return "\n" + style.yellow("Analytics may be behind: " + notes.joined(separator: "; ") + ".")
    }
}
