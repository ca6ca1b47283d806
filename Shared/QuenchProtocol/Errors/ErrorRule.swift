/// Which rule a refused field broke, for clients to say it in their user's language
/// (docs/PROTOCOL.md §4, `rule`): a stable `name` (`volume.max`) and its values as text
/// (`limitMl`, `got`, `unit`). Optional on the wire: an error without it is read as before,
/// and a client that does not know the name shows the code's meaning and the `message`.
public struct ErrorRule: Codable, Sendable, Equatable {
    public var name: String
    public var values: [String: String]

    public init(_ name: String, _ values: [String: String] = [:]) {
        self.name = name
        self.values = values
    }
}
