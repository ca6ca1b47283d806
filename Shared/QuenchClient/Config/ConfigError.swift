public import QuenchStrings

/// A configuration value that breaks its rule.
public struct ConfigError: Error, CustomStringConvertible {
    public var key: String
    /// What is wrong with the value, in English (after "configuration key 'KEY' ").
    public var message: String
    /// The same as a catalog message when the library wrote it (the CLI shows it in the user's language).
    public var text: ClientText?

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// An error whose words are the catalog's.
    public init(key: String, _ text: ClientText) {
        self.key = key
        self.text = text
        message = Localizer(.en)(text)
    }

    /// `configuration key 'KEY' MESSAGE`, in English.
    public var description: String { Localizer(.en)(localized) }

    /// The whole error as a catalog message (the English `message` as it is when it has none).
    public var localized: any LocalizedMessage {
        ClientText.configKey(key, text ?? .other(message))
    }
}
