import Foundation
public import QuenchProtocol
import QuenchStrings

/// The tokens page: the narrowest token for a job the user names (``TokenPurpose``: Health Auto
/// Export may only send health data, a shortcut only log drinks, a display only read), shown
/// once when made; the user's tokens with what each may do, made and last used, each with a
/// button that revokes it.
public struct TokensPage: Sendable {
    /// The user's tokens (`TokenStore.list`).
    public var tokens: [TokenInfo]
    /// The token just made and its secret, shown this once.
    public var created: (info: TokenInfo, secret: String)?
    /// The zone the page shows times in.
    public var zone: String

    public init(tokens: [TokenInfo], created: (info: TokenInfo, secret: String)? = nil, zone: String) {
        self.tokens = tokens
        self.created = created
        self.zone = zone
    }

    /// Where the new-token form posts.
    public static let createPath = "/tokens"

    /// Where a token's revoke button posts: `/tokens/0a1b2c3d4e5f/revoke`.
    public static func revokePath(_ id: String) -> String { "/tokens/\(id)/revoke" }

    public func render(_ context: PageContext) -> String {
        PageShell.render(.tokens, context: context) { html in
            let l = context.localizer
            html.element("p", [("class", "muted")], text: l(TokensPageText.intro))
            if let created {
                html.start("section", [("class", "card token-created"), ("aria-labelledby", "token-created-heading")])
                html.element("h2", [("id", "token-created-heading")], text: l(TokensPageText.createdTitle) + " · " + created.info.name)
                html.element("p", text: l(TokensPageText.createdText))
                html.element("label", [("for", "token-secret")], text: l(TokensPageText.createdTitle))
                html.void("input", [
                    ("type", "text"), ("readonly", "readonly"), ("id", "token-secret"), ("class", "secret"), ("value", created.secret),
                    ("autocomplete", "off"), ("spellcheck", "false"),
                ])
                html.element("p", [("class", "muted")], text: Self.mayDo(created.info.scopes, l))
                html.end()
            }
            form(context, into: &html)
            list(context, into: &html)
        }
    }

    private func form(_ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("section", [("class", "card"), ("aria-labelledby", "token-new-heading")])
        html.element("h2", [("id", "token-new-heading")], text: l(TokensPageText.createTitle))
        PageShell.form(Self.createPath, context: context, attributes: [("class", "token-form")], into: &html) { html in
            html.start("fieldset")
            html.element("legend", text: l(TokensPageText.purposeLabel))
            for (index, purpose) in TokenPurpose.allCases.enumerated() {
                let id = "token-purpose-\(purpose.rawValue)"
                html.start("div", [("class", "choice")])
                var attributes: [(String, String?)] = [("type", "radio"), ("name", "purpose"), ("value", purpose.rawValue), ("id", id)]
                if index == 0 { attributes += [("checked", "checked"), ("required", "required")] }
                html.void("input", attributes)
                html.start("label", [("for", id)])
                html.element("strong", text: l(TokensPageText.purpose(purpose.rawValue)))
                html.element("span", [("class", "muted")], text: " — " + l(TokensPageText.purposeHelp(purpose.rawValue)))
                html.end()
                html.end()
            }
            html.end()
            html.start("label", [("for", "token-name")])
            html.text(l(TokensPageText.nameLabel))
            html.end()
            html.void("input", [("type", "text"), ("id", "token-name"), ("name", "name"), ("maxlength", "64"), ("placeholder", l(TokensPageText.nameHint))])
            html.element("button", [("type", "submit")], text: l(TokensPageText.createButton))
        }
        html.end()
    }

    private func list(_ context: PageContext, into html: inout HTMLWriter) {
        let l = context.localizer
        html.start("section", [("class", "card"), ("aria-labelledby", "token-list-heading"), ("id", "tokens")])
        html.element("h2", [("id", "token-list-heading")], text: l(TokensPageText.listTitle))
        if tokens.isEmpty {
            html.element("p", [("class", "muted")], text: l(TokensPageText.none))
        }
        html.start("ul", [("class", "token-list")])
        for token in tokens {
            html.start("li", [("data-token", token.id)])
            html.start("div")
            html.element("strong", [("class", "name")], text: token.name)
            html.element("p", [("class", "muted")], text: Self.mayDo(token.scopes, l) + " · "
                + l(TokensPageText.createdOn(Self.day(token.createdAt, zone: zone, l))) + " · "
                + (token.lastUsedAt.map { l(TokensText.lastUsed(Self.day($0, zone: zone, l) + " " + WebFormat.time($0, zone: zone))) }
                    ?? l(TokensText.neverUsed)))
            html.end()
            PageShell.form(Self.revokePath(token.id), context: context, attributes: [("class", "actions")], into: &html) { html in
                html.element("button", [("type", "submit"), ("class", "danger"), ("aria-label", l(TokensPageText.revokeLabel(name: token.name)))], text: l(TokensPageText.revoke))
            }
            html.end()
        }
        html.end()
        html.end()
    }

    /// What a token may do, in the page's words: "everything", or "send health data", "read", ….
    static func mayDo(_ scopes: [TokenScope], _ l: Localizer) -> String {
        scopes.contains(.account) ? l(TokensPageText.everything) : scopes.map { l(TokensPageText.scope($0.rawValue)) }.joined(separator: ", ")
    }

    private static func day(_ instant: Date, zone: String, _ l: Localizer) -> String {
        WebFormat.day(LocalDay(instant: instant, timeZone: TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0)!), l)
    }
}
