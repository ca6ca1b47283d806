import QuenchStrings
import Foundation
public import QuenchProtocol

/// The consents page: each Health data type, granted or revoked since when, with a button
/// to change it (a revoke may also delete the stored samples); below them, erasing all the
/// user's data (`POST /erase`, confirmed by a checkbox).
public struct ConsentsPage: Sendable {
    /// `consent.list`.
    public var consents: ConsentListReply

    public init(consents: ConsentListReply) {
        self.consents = consents
    }

    /// Where a change posts: `/consents/steps/grant`, `/consents/body-mass/revoke`.
    public static func changePath(_ type: String, grant: Bool) -> String {
        "/consents/\(type)/\(grant ? "grant" : "revoke")"
    }

    public func render(_ context: PageContext) -> String {
        PageShell.render(.consents, context: context) { html in
            html.element("p", [("class", "muted")], text: context.localizer(DashboardText.consentsIntro))
            html.start("div", [("id", "consents"), ("data-live", "consents")])
            for state in consents.consents {
                row(state, context: context, into: &html)
            }
            html.end()
            erase(context, into: &html)
        }
    }

    /// Where the erase form posts.
    public static let erasePath = "/erase"

    private func erase(_ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("section", [("class", "card erase"), ("id", "erase"), ("aria-labelledby", "erase-heading")])
        html.start("div")
        html.element("h2", [("id", "erase-heading")], text: l(DashboardText.eraseTitle))
        html.element("p", [("class", "muted")], text: l(DashboardText.eraseIntro))
        html.end()
        PageShell.form(Self.erasePath, context: context, attributes: [("class", "actions")], into: &html) { html in
            html.start("label", [("class", "check")])
            html.void("input", [("type", "checkbox"), ("name", "confirm"), ("value", "yes"), ("required", "required"), ("id", "erase-confirm")])
            html.text(l(DashboardText.eraseConfirm))
            html.end()
            html.element("button", [("type", "submit"), ("class", "danger"), ("id", "erase-button")], text: l(DashboardText.eraseButton))
        }
        html.end()
    }

    private func row(_ state: ConsentState, context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        let headingID = "consent-\(state.type)"
        html.start("section", [("class", "card consent"), ("aria-labelledby", headingID), ("data-type", state.type), ("data-granted", state.granted ? "true" : "false")])
        html.start("div")
        html.element("h2", [("id", headingID)], text: l(DashboardText.consentName(state.type)))
        html.start("p")
        // Never granted nor revoked (no `since`): "Not granted", in the neutral style; a
        // revocation is the red "Revoked".
        let (style, word): (String, DashboardText) = state.granted ? ("state-on", .granted)
            : (state.since == nil ? ("state-none", .notGranted) : ("state-off", .revokedState))
        html.element("span", [("class", style)], text: l(word))
        if let since = state.since {
            html.text(" · " + l(DashboardText.changedOn(WebFormat.day(LocalDay(instant: since, timeZone: TimeZone(secondsFromGMT: 0)!), l))))
        }
        html.end()
        html.end()
        PageShell.form(Self.changePath(state.type, grant: !state.granted), context: context, attributes: [("class", "actions")], into: &html) { html in
            if state.granted {
                html.start("label", [("class", "check")])
                html.void("input", [("type", "checkbox"), ("name", "deleteData"), ("value", "true")])
                html.text(l(DashboardText.deleteData))
                html.end()
                html.element("button", [("type", "submit"), ("class", "danger")], text: l(DashboardText.revoke))
            } else {
                html.element("button", [("type", "submit")], text: l(DashboardText.grant))
            }
        }
        html.end()
    }
}
