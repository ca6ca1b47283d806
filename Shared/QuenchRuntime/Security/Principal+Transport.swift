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

    /// 1–64 characters of `A–Z a–z 0–9 . _ @ -`: no `/` (the user event stream uses
    /// `<user>/` as a topic prefix), no spaces, no control characters.
    public static func isValidName(_ name: String) -> Bool {
        guard (1...64).contains(name.utf8.count) else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "@"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }
}
