/// `units.get`: the user's display units (defaults until set).
public struct UnitsGetRequest: Codable, Sendable, Equatable {
    public init() {}
}

/// `units.set`: changes one or both display units; an absent field stays as it is.
public struct UnitsSetRequest: Codable, Sendable, Equatable {
    /// `kg` or `lb`.
    public var weight: String?
    /// `mL`, `L` or `fl-oz` (US fluid ounces).
    public var volume: String?

    public init(weight: String? = nil, volume: String? = nil) {
        self.weight = weight
        self.volume = volume
    }
}

/// The display units clients show weights and volumes in. The services store and send kg and
/// mL whatever this says; the preference is the user's, kept by health-ingest.
public struct UnitsReply: Codable, Sendable, Equatable {
    /// `kg` (default) or `lb`.
    public var weight: String
    /// `mL` (default), `L` or `fl-oz`.
    public var volume: String
    /// Whether the user set them (false: the defaults).
    public var stored: Bool

    public init(weight: String, volume: String, stored: Bool) {
        self.weight = weight
        self.volume = volume
        self.stored = stored
    }

    public static let weights = ["kg", "lb"]
    public static let volumes = ["mL", "L", "fl-oz"]
    public static let defaults = UnitsReply(weight: "kg", volume: "mL", stored: false)
}
