import QuenchStrings

/// The English of a catalog message: what the parsers' text fields (`reason`, `message`,
/// `problem`: services, `--json`, logs) hold. The parsers keep the message itself as the
/// structure of their errors; the CLI renders that in the user's language
/// (docs/LOCALISATION.md).
enum English {
    static let localizer = Localizer(.en)

    static func text(_ message: some LocalizedMessage) -> String { localizer(message) }
}
