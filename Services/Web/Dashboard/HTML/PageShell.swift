import QuenchStrings

/// The frame of every dashboard page: the document head (the style sheet and the script,
/// both served by the web edge from ``DashboardAssets``), a skip link, the navigation with
/// the current page marked, a notice, the page's content in `<main>`, and the sign-out
/// form. Works without JavaScript; the script adds live updates.
public enum PageShell {
    /// The whole document for `page`, its content written by `content`.
    static func render(_ page: DashboardPage, context: PageContext, content: (inout HTMLWriter) -> Void) -> String {
        render(title: page.title(context.localizer), page: page, context: context, content: content)
    }

    /// The whole document titled `title`, with the navigation (`page`, when one, marked current
    /// and followed live); an error page has none marked.
    static func render(title: String, page: DashboardPage?, context: PageContext, content: (inout HTMLWriter) -> Void) -> String {
        let l = context.localizer
        var html = HTMLWriter()
        head(title: title, language: context.language, into: &html)
        html.start("body", [("data-live", context.live ? page.map { LiveTopics.wire($0.liveGroups) } : nil), ("data-page", page?.rawValue), ("data-zone", page == nil ? nil : context.zone)])
        html.element("a", [("class", "skip"), ("href", "#main")], text: l(DashboardText.skipToContent))
        html.start("header", [("class", "top")])
        html.element("a", [("class", "brand"), ("href", DashboardPage.today.path)], text: WebFormat.appName)
        html.start("nav", [("aria-label", l(DashboardText.navigation))])
        html.start("ul")
        for other in DashboardPage.allCases {
            html.start("li")
            html.element("a", [("href", other.path), ("aria-current", other == page ? "page" : nil)], text: other.title(l))
            html.end()
        }
        html.end()
        html.end()
        html.end()
        html.start("main", [("id", "main"), ("tabindex", "-1")])
        html.element("h1", text: title)
        if let refusal = context.refusal {
            refused(refusal, l, into: &html)
        } else if let undo = context.undo {
            undoNotice(undo, context, into: &html)
        } else {
            notice(context.notice, l, into: &html)
        }
        content(&html)
        html.end()
        footer(context, into: &html)
        html.end()
        html.end()
        return html.finished()
    }

    /// The sign-in page and error pages: the head and a main without the navigation.
    static func bare(title: String, language: Language, content: (inout HTMLWriter) -> Void) -> String {
        var html = HTMLWriter()
        head(title: title, language: language, into: &html)
        html.start("body", [("class", "bare")])
        html.start("main", [("id", "main")])
        html.element("p", [("class", "brand")], text: WebFormat.appName)
        html.element("h1", text: title)
        content(&html)
        html.end()
        html.end()
        html.end()
        return html.finished()
    }

    private static func head(title: String, language: Language, into html: inout HTMLWriter) {
        html.trusted("<!DOCTYPE html>\n")
        html.start("html", [("lang", language.rawValue)])
        html.start("head")
        html.void("meta", [("charset", "utf-8")])
        html.void("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
        html.void("meta", [("name", "color-scheme"), ("content", "light")])
        html.element("title", text: title + " · " + WebFormat.appName)
        html.void("link", [("rel", "icon"), ("href", DashboardAssets.iconPath), ("type", "image/svg+xml")])
        html.void("link", [("rel", "stylesheet"), ("href", DashboardAssets.stylePath)])
        html.start("script", [("src", DashboardAssets.scriptPath), ("defer", "defer")])
        html.end()
        html.end()
    }

    private static func notice(_ notice: PageContext.Notice?, _ l: Localizer, into html: inout HTMLWriter) {
        switch notice {
        case .info(let text)?:
            html.element("p", [("class", "notice"), ("role", "status")], text: text)
        case .error(let text)?:
            html.start("p", [("class", "notice error"), ("role", "alert")])
            html.element("strong", text: l(DashboardText.noticeError) + (l.language == .fr ? "\u{00A0}: " : ": "))
            html.text(text)
            html.end()
        case nil:
            break
        }
    }

    /// A refused form's reason again inside that form (`action`), beside its fields.
    static func refusalHere(_ context: PageContext, action: String, into html: inout HTMLWriter) {
        guard let refusal = context.refusal, refusal.action == action else { return }
        html.element("p", [("class", "notice error"), ("id", FormRefusal.inlineID)], text: refusal.message)
    }

    /// A refused form's reason at the top of the page, the
    /// service's own words under it.
    private static func refused(_ refusal: FormRefusal, _ l: Localizer, into html: inout HTMLWriter) {
        html.start("p", [("class", "notice error"), ("role", "alert"), ("id", FormRefusal.noticeID)])
        html.element("strong", text: l(DashboardText.noticeError) + (l.language == .fr ? "\u{00A0}: " : ": "))
        html.text(refusal.message)
        if let detail = refusal.detail {
            html.element("small", [("class", "muted detail")], text: l(DashboardFormText.detail(detail)))
        }
        html.end()
    }

    /// "Drink deleted." with the button that brings it back, for ``UndoWindow/pageSeconds``
    /// (`data-undo-seconds`: the script takes the button away then).
    private static func undoNotice(_ undo: UndoNotice, _ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("div", [("class", "notice undo"), ("role", "status"), ("id", "undo"), ("data-undo-seconds", String(UndoWindow.pageSeconds))])
        html.element("span", text: l(DashboardText.deleted))
        form(TodayPage.undoPath(undo.id), context: context, into: &html) { html in
            let fluid = WebFormat.capitalised(l(FluidText(name: undo.fluid)))
            html.element("button", [("type", "submit"), ("class", "secondary"), ("id", "undo-button"),
                ("aria-label", l(DashboardFormText.undoLabel(fluid: fluid, time: undo.time)))], text: l(DashboardFormText.undo))
        }
        html.end()
    }

    private static func footer(_ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("footer", [("class", "bottom")])
        html.element("p", text: l(DashboardText.signedInAs(context.user)))
        if context.live {
            html.element("p", [("id", "live-status"), ("class", "live-status"), ("aria-live", "polite"), ("hidden", "hidden"),
                ("data-connected", l(DashboardText.liveConnected)), ("data-offline", l(DashboardText.liveOffline))], text: "")
        }
        html.start("form", [("method", "post"), ("action", DashboardAssets.signOutPath)])
        csrfField(context, into: &html)
        html.element("button", [("type", "submit"), ("class", "link")], text: l(DashboardText.signOut))
        html.end()
        html.end()
    }

    /// The CSRF hidden field, in every form.
    static func csrfField(_ context: PageContext, into html: inout HTMLWriter) {
        if let csrf = context.csrf {
            html.void("input", [("type", "hidden"), ("name", csrf.name), ("value", csrf.value)])
        }
    }

    /// The hidden field that tells the web edge which language the form's numbers are written
    /// in (``FormNumber``): the page's, whatever the browser's cookie says by the time it posts.
    public static let languageFieldName = "lang"

    static func languageField(_ context: PageContext, into html: inout HTMLWriter) {
        html.void("input", [("type", "hidden"), ("name", languageFieldName), ("value", context.language.rawValue)])
    }

    /// A labelled number field: a text input with the decimal keyboard (`inputmode`), not
    /// `type=number`, whose browser parsing ignores the page's language; the web edge reads the
    /// text by the page's language and refuses what is not one whole number.
    static func numberField(
        _ label: String, id: String, name: String, value: String?, attributes: [(String, String?)] = [], into html: inout HTMLWriter
    ) {
        field(label, id: id, name: name, type: "text", value: value,
            attributes: [("inputmode", "decimal"), ("autocomplete", "off"), ("required", "required")] + attributes, into: &html)
    }

    /// A form that posts to `action` with the CSRF field; `content` writes its fields.
    static func form(_ action: String, context: PageContext, attributes: [(String, String?)] = [], into html: inout HTMLWriter, content: (inout HTMLWriter) -> Void) {
        html.start("form", [("method", "post"), ("action", action)] + attributes)
        csrfField(context, into: &html)
        content(&html)
        html.end()
    }

    /// A labelled input: `<label for=id>` then the input.
    static func field(
        _ label: String, id: String, name: String, type: String = "text", value: String? = nil, attributes: [(String, String?)] = [],
        into html: inout HTMLWriter
    ) {
        html.start("div", [("class", "field")])
        html.element("label", [("for", id)], text: label)
        html.void("input", [("id", id), ("name", name), ("type", type), ("value", value)] + attributes)
        html.end()
    }

    /// The volume units a form offers: (the form's value, the unit's symbol in the language).
    static func volumeUnits(_ l: Localizer) -> [(String, String)] {
        [("ml", l(UnitText.symbol("mL"))), ("l", l(UnitText.symbol("L"))), ("floz", l(UnitText.symbol("fl-oz")))]
    }

    /// A labelled `<select>` of `options` (value, text) with `selected` chosen.
    static func select(
        _ label: String, id: String, name: String, options: [(String, String)], selected: String?, attributes: [(String, String?)] = [],
        into html: inout HTMLWriter
    ) {
        html.start("div", [("class", "field")])
        html.element("label", [("for", id)], text: label)
        html.start("select", [("id", id), ("name", name)] + attributes)
        for (value, text) in options {
            html.element("option", [("value", value), ("selected", value == selected ? "selected" : nil)], text: text)
        }
        html.end()
        html.end()
    }
}
