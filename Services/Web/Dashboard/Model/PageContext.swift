/// What every page of one response needs besides its data: who is signed in, the CSRF
/// field forms carry, a notice to show, the user's display units.
public struct PageContext: Sendable {
    /// A notice above the page's content.
    public enum Notice: Sendable, Equatable {
        case info(String)
        case error(String)
    }

    public var user: String
    /// The hidden field every form posts (`name`, `value`), from the web edge's CSRF
    /// protection; nil leaves it out.
    public var csrf: (name: String, value: String)?
    public var notice: Notice?
    public var units: DisplayUnits
    /// Whether the page subscribes to live updates (the script connects to ``eventsPath``).
    public var live: Bool
    /// The live-update stream's path.
    public static let eventsPath = "/events"

    public init(user: String, csrf: (name: String, value: String)? = nil, notice: Notice? = nil, units: DisplayUnits = DisplayUnits(), live: Bool = true) {
        self.user = user
        self.csrf = csrf
        self.notice = notice
        self.units = units
        self.live = live
    }

    /// The notice for a form post's `?done=` code (fixed texts: nothing from the address is
    /// shown); nil for none or an unknown code.
    public static func notice(done code: String?) -> Notice? {
        DashboardText.done(code).map(Notice.info)
    }

    /// The sign-in page's message for an `?error=` code (fixed texts); nil for none.
    public static func signInError(_ code: String?) -> String? {
        DashboardText.signInError(code)
    }
}
