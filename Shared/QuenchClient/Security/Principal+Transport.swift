import QuenchProtocol

extension Principal {
    /// Parses the principal text an allow-list entry names: `user:<id>`, `service:<name>` or
    /// `admin`. `nil` for anything else.
    public init?(transport text: String) {
        if text == "admin" {
            self = .admin
        } else if text.hasPrefix("user:") {
            let id = String(text.dropFirst("user:".count))
            guard Principal.isValidName(id) else { return nil }
            self = .user(id)
        } else if text.hasPrefix("service:") {
            let name = String(text.dropFirst("service:".count))
            guard Principal.isValidName(name) else { return nil }
            self = .service(name)
        } else {
            return nil
        }
    }

    /// The user id rule (`UserIDRule`): 1–64 characters of `A–Z a–z 0–9 . _ @ -`.
    public static func isValidName(_ name: String) -> Bool {
        UserIDRule.isValid(name)
    }
}
