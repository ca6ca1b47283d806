public import QuenchStrings
/// The sign-in page: a token field and a button, an error when the last try failed. The
/// web edge's session route handles the post (`action`).
public struct SignInPage: Sendable {
    /// Where the form posts.
    public var action: String
    /// The CSRF field of the sign-in form, when the edge protects it.
    public var csrf: (name: String, value: String)?
    /// Why the last sign-in failed (shown, with focus on the field).
    public var error: String?

    /// Where to go after signing in (a path of this site), sent back as `?next=`.
    public var next: String?
    /// The page's language.
    public var language: Language

    public init(
        action: String = "/sign-in", csrf: (name: String, value: String)? = nil, error: String? = nil, next: String? = nil, language: Language = .en
    ) {
        self.action = action
        self.language = language
        self.csrf = csrf
        self.error = error
        self.next = SafeNext.path(next)
    }

    public func render() -> String {
        let l = Localizer(language)
        return PageShell.bare(title: l(DashboardText.signInTitle), language: language) { html in
            if let error {
                html.element("p", [("class", "notice error"), ("role", "alert"), ("id", "signin-error")], text: error)
            }
            html.start("p", [("class", "muted")])
            html.text(l(DashboardText.signInIntro) + " ")
            html.element("code", text: l(DashboardText.signInCommand(Self.tokenCommand)))
            html.end()
            // The edge's sign-in takes `next` from the address it posts to.
            let target = next.map { action + "?next=" + (Self.encode($0)) } ?? action
            html.start("form", [("method", "post"), ("action", target), ("class", "card")])
            if let csrf {
                html.void("input", [("type", "hidden"), ("name", csrf.name), ("value", csrf.value)])
            }
            // The browser's zone, filled by the script, so the first page after signing in is
            // already the user's day (issue #39 item 14).
            html.void("input", [("type", "hidden"), ("name", Self.zoneField), ("id", "signin-tz"), ("value", "")])
            PageShell.field(l(DashboardText.token), id: "token", name: "token", type: "password", attributes: [
                ("autocomplete", "current-password"), ("required", "required"), ("autofocus", "autofocus"),
                ("aria-describedby", error == nil ? nil : "signin-error"), ("aria-invalid", error == nil ? nil : "true"),
            ], into: &html)
            html.element("button", [("type", "submit")], text: l(DashboardText.signInButton))
            html.end()
        }
    }
}

extension SignInPage {
    /// The sign-in form's field with the browser's IANA zone.
    public static let zoneField = "tz"

    /// The command that makes a token (a command: the same in every language).
    static let tokenCommand = "quench tokens create"

    /// `text` percent-encoded for a query value or a cookie (letters, digits, `-._~/` kept).
    public static func encodeQuery(_ text: String) -> String { encode(text) }

    /// `text` percent-encoded for a query value (letters, digits, `-._~/` kept).
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let keep = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || "-._~/".utf8.contains(byte)
            out += keep ? String(UnicodeScalar(byte)) : "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
        return out
    }
}
