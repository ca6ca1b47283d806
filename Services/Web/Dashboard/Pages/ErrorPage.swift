public import QuenchStrings

/// A page for a request the dashboard could not answer: a service down, a bad link, an
/// unknown address, a form without its session's token (issue #39 item 12: these showed the
/// API's JSON). In the page's language; for a signed-in browser inside the navigation and the
/// footer (``context``), else bare as the sign-in page is. The service's own words, when there
/// are any, only as a detail under the message.
public struct ErrorPage: Sendable {
    public var title: String
    public var message: String
    public var detail: String?
    /// The page's language.
    public var language: Language
    /// The signed-in user's page context (the navigation, sign out); nil for none.
    public var context: PageContext?

    public init(title: String? = nil, message: String, detail: String? = nil, language: Language = .en, context: PageContext? = nil) {
        self.title = title ?? Localizer(language)(DashboardText.somethingWrong)
        self.message = message
        self.detail = detail
        self.language = language
        self.context = context
    }

    public func render() -> String {
        let l = Localizer(language)
        let content = { (html: inout HTMLWriter) in
            html.start("p", [("class", "notice error"), ("role", "alert")])
            html.text(message)
            if let detail {
                    html.element("small", [("class", "muted detail")], text: l(DashboardFormText.detail(detail)))
            }
            html.end()
            html.start("p")
            html.element("a", [("href", DashboardPage.today.path)], text: l(DashboardText.backToToday))
            html.end()
        }
        guard var context else { return PageShell.bare(title: title, language: language, content: content) }
        context.language = language
        context.live = false
        context.notice = nil
        context.refusal = nil
        return PageShell.render(title: title, page: nil, context: context, content: content)
    }
}
