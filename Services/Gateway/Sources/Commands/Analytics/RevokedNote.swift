import QuenchProtocol
import QuenchStrings

/// The line under an analytics answer that leaves out the data of revoked consents.
enum RevokedNote {
    /// Empty when nothing was left out.
    static func text(_ revoked: [String]?, style: Style) -> String {
        guard let revoked, !revoked.isEmpty else { return "" }
        let list = revoked.joined(separator: ", ")
        return "\n" + style.yellow(tr(CommonText.notCounted(types: list, grant: revoked.joined(separator: " "))))
    }
}
