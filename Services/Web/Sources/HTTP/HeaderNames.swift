public import HTTPTypes

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    /// The CSRF token of the session, on every state-changing request a browser makes.
    public static let csrfToken = HTTPField.Name("X-CSRF-Token")!
    /// The client's key for a command (`POST /api/v1/intakes`): a retry with the same key
    /// returns the first reply and changes nothing.
    public static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
    /// The caller's IANA time zone (`Europe/Berlin`): what "today" means for it.
    public static let timeZone = HTTPField.Name("X-Time-Zone")!
}

extension HTTPField.Name {
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
}
