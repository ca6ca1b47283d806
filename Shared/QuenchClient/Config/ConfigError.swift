/// A configuration value that breaks its rule.
public struct ConfigError: Error, CustomStringConvertible {
    public var key: String
    public var message: String

    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    public var description: String {
        "configuration key '\(key)' \(message)"
    }
}
