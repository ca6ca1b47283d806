/// Bounds that keep a parse safe on hostile or broken input.
public struct AppleHealthLimits: Sendable {
    /// Longest single piece of markup (start tag, end tag, comment-free prolog item) accepted.
    public var maxElementBytes = 1 << 20
    /// Most bytes a zip entry may inflate to.
    public var maxUncompressedBytes: Int64 = 64 << 30
    /// Highest ratio of inflated to compressed bytes accepted in a zip entry.
    public var maxCompressionRatio = 200.0

    /// The limits used when none are given.
    public static let `default` = AppleHealthLimits()

    /// Creates limits; omitted values take their defaults.
    public init(maxElementBytes: Int = 1 << 20, maxUncompressedBytes: Int64 = 64 << 30, maxCompressionRatio: Double = 200.0) {
        self.maxElementBytes = maxElementBytes
        self.maxUncompressedBytes = maxUncompressedBytes
        self.maxCompressionRatio = maxCompressionRatio
    }
}
