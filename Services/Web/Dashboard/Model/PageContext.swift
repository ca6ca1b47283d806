public import QuenchStrings

/// What every page of one response needs besides its data: who is signed in, the CSRF
/// field forms carry, a notice to show, the user's display units, the page's language.
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
    /// The language the page is written in (`<html lang>`; the web edge picks it per request
    /// from `?lang=`, the `lang` cookie or `Accept-Language`).
    public var language: Language
    /// A refused form post: its page shows the form as it was sent and says why (the notice).
    public var refusal: FormRefusal?
    /// A drink just deleted that "Undo" can bring back (the today page's notice offers it).
    public var undo: UndoNotice?
    /// The IANA zone the page's days were read in (`<body data-zone>`), on a page a reload may
    /// fetch again (a GET): the script reloads it once when the browser is in another zone.
    public var zone: String?

    public init(
        user: String, csrf: (name: String, value: String)? = nil, notice: Notice? = nil, units: DisplayUnits = DisplayUnits(), live: Bool = true,
        language: Language = .en
    ) {
        self.user = user
        self.csrf = csrf
        self.notice = notice
        self.units = units
        self.live = live
        self.language = language
    }

    /// Renders catalog messages and formats numbers in ``language``.
    public var localizer: Localizer { Localizer(language) }

    /// The notice for a form post's `?done=` code (fixed texts: nothing from the address is
    /// shown) in `language`; nil for none or an unknown code.
    public static func notice(done code: String?, language: Language = .en) -> Notice? {
        let message: (any LocalizedMessage)? = switch code {
        case "logged": DashboardText.logged
        case "updated": DashboardText.updated
        case "deleted": DashboardText.deleted
        case "restored": DashboardFormText.restored
        case "goal": DashboardText.goalSaved
        case "consent": DashboardText.consentSaved
        case "revoked": TokensPageText.revokedNotice
        default: nil
        }
        return message.map { Notice.info(Localizer(language)($0)) }
    }

    /// The sign-in page's message for an `?error=` code (fixed texts) in `language`; nil for none.
    public static func signInError(_ code: String?, language: Language = .en) -> String? {
        let message: DashboardText? = switch code {
        case "invalid": .signInInvalid
        case "limited": .signInLimited
        case "expired": .signInExpired
        case "erased": .signInErased
        default: nil
        }
        return message.map { Localizer(language)($0) }
    }
}
