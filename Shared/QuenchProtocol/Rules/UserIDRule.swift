/// The one rule for user ids (and the names in `user:<id>` / `service:<name>` principals):
/// 1–64 bytes of `A–Z a–z 0–9 . _ @ -`. No `/` (the user event stream uses `<user>/` as a
/// topic prefix), no spaces, no control characters, nothing outside ASCII. `quench keys
/// add-user` issues keys only for such ids and every service refuses an envelope `user`
/// that breaks it, before anything else.
public enum UserIDRule {
    /// The rule as one sentence, for error messages and docs.
    public static let description = "user ids are 1 to 64 characters of letters, digits, '.', '_', '@' and '-'"

    /// Whether `id` follows the rule.
    public static func isValid(_ id: String) -> Bool {
        var count = 0
        for byte in id.utf8 {
            count += 1
            guard count <= 64 else { return false }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "@"), UInt8(ascii: "-"):
                continue
            default:
                return false
            }
        }
        return count > 0
    }

    /// Throws `invalid_argument` on `field` unless `id` follows the rule; the message shows the
    /// id escaped and cut to 40 characters (it may hold control characters or be huge).
    public static func check(_ id: String, field: String = "user") throws {
        guard !isValid(id) else { return }
        throw QuenchError.invalidArgument(field, "\(description); got \(shown(id))")
    }

    /// `id` quoted for a message (`FieldRules.quoted`).
    public static func shown(_ id: String) -> String {
        FieldRules.quoted(id)
    }
}
