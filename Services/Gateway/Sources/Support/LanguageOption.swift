public import ArgumentParser
import QuenchStrings

/// `--lang LANG` for the commands that take no ``GlobalOptions`` (`up`, `down`, `services`,
/// `keys …`). The language itself is chosen before parsing (``LanguageSelection``); this
/// option makes the parser accept it and refuses a language the catalog lacks.
public struct LanguageOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The language: en, de, fr or pseudo (default: LC_ALL, LC_MESSAGES, LANG, then English).", valueName: "LANG"))
    public var lang: String?

    public init() {}

    public func validate() throws {
        if let lang, Language(tag: lang) == nil {
            throw ValidationError(tr(CommonText.unknownLanguage(lang)))
        }
    }
}
