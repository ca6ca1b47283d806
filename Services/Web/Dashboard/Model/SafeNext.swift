/// Where a browser goes after signing in (`?next=`, issue #39 item 15): a path of this site
/// only, never another (no open redirect). A path is taken when it starts with one `/` and
/// holds only printable ASCII with no backslash: `//evil.example`, `/\evil.example`,
/// `https://…`, `/%09/evil` decoded to a tab (which browsers drop, making `//evil`), spaces and
/// controls are all refused; it is at most ``maxLength`` characters.
public enum SafeNext {
    public static let maxLength = 2048

    /// `next` when it is a path of this site, else nil.
    public static func path(_ next: String?) -> String? {
        guard let next, next.utf8.count <= maxLength, next.hasPrefix("/") else { return nil }
        let bytes = Array(next.utf8)
        if bytes.count > 1, bytes[1] == UInt8(ascii: "/") || bytes[1] == UInt8(ascii: "\\") { return nil }
        guard bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else { return nil }
        return next
    }
}
