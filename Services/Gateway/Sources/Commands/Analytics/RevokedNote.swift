import QuenchProtocol

/// The line under an analytics answer that leaves out the data of revoked consents.
enum RevokedNote {
    /// Empty when nothing was left out.
    static func text(_ revoked: [String]?, style: Style) -> String {
        guard let revoked, !revoked.isEmpty else { return "" }
        let list = revoked.joined(separator: ", ")
        return "\n" + style.yellow(
            "Not counted: consent revoked for \(list) (the data is kept; `quench consent grant \(revoked.joined(separator: " "))` counts it again).")
    }
}
