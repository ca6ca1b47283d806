// The web service's messages (docs/PROTOCOL.md §7, "web"): its tokens, for the operator, and a user's erase.

extension MessageDescriptor where Kind == CommandKind, Request == CreateTokenRequest, Reply == TokenInfo {
    /// Stores an API token's hash for the envelope's user (operator only).
    public static var tokensCreate: Self { .init(name: "tokens.create", service: ServiceName.web) }
}

extension MessageDescriptor where Kind == QueryKind, Request == ListTokensRequest, Reply == ListTokensReply {
    /// The tokens of the envelope's user, or of everyone (operator only).
    public static var tokensList: Self { .init(name: "tokens.list", service: ServiceName.web) }
}

extension MessageDescriptor where Kind == CommandKind, Request == RevokeTokenRequest, Reply == TokenInfo {
    /// Deletes a token and its browser sessions (operator only).
    public static var tokensRevoke: Self { .init(name: "tokens.revoke", service: ServiceName.web) }
}

extension MessageDescriptor where Kind == CommandKind, Request == CreateSignInLinkRequest, Reply == SignInLinkInfo {
    /// A one-time browser sign-in link for the envelope's user (operator only).
    public static var tokensLink: Self { .init(name: "tokens.link", service: ServiceName.web) }
}

extension MessageDescriptor where Kind == CommandKind, Request == UserDataRequest, Reply == EraseReply {
    /// Deletes the acting user's tokens, browser sessions and sign-in links, and replies once
    /// `web.sqlite` holds no byte of them (a user erases only itself; the operator names the user).
    public static var webErase: Self { .init(name: "web.erase", service: ServiceName.web) }
}
