public import QuenchStrings

/// The dashboard's pages, in navigation order.
public enum DashboardPage: String, Sendable, CaseIterable {
    case today
    case goal
    case history
    case steps
    case strength
    case challenges
    case consents
    case tokens

    /// The page's path: `/today`, `/goal`, …
    public var path: String { "/" + rawValue }

    /// Its name in the navigation and its `<title>`, in English (``title(_:)`` in a language).
    public var title: String { title(Localizer(.en)) }

    /// Its name in the navigation and its `<title>` in `l`'s language.
    public func title(_ l: Localizer) -> String { l(DashboardText.page(rawValue)) }

    /// The live groups (``LiveTopics``) whose changes this page shows.
    public var liveGroups: Set<LiveTopics.Group> {
        switch self {
        case .today: [.water]
        case .goal: [.goal, .water]
        case .history: [.water]
        case .steps: [.steps]
        case .strength: [.strength]
        case .challenges: [.steps]
        case .consents: [.consents]
        case .tokens: []
        }
    }

    /// Whether the page reads analytics' read models (which follow the other services'
    /// events a moment later, so a live refresh waits for analytics to catch up).
    public var readsAnalytics: Bool {
        switch self {
        case .today, .goal, .consents, .tokens: false
        case .history, .steps, .strength, .challenges: true
        }
    }
}
