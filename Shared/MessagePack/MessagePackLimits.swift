/// Bounds the decoder enforces on untrusted input.
///
/// Declared lengths and counts are checked against these limits (and against the bytes
/// actually remaining) before anything is allocated.
public struct MessagePackLimits: Sendable, Equatable {
    /// The deepest nesting of arrays and maps accepted; a top-level array's elements are at depth 1.
    public var maxDepth: Int
    /// The longest str payload accepted, in bytes.
    public var maxStringLength: Int
    /// The longest bin or ext payload accepted, in bytes.
    public var maxBinaryLength: Int
    /// The most elements accepted in one array, or entries in one map.
    public var maxContainerCount: Int
    /// Whether every map key must be a str and no map may hold a key twice. Checked where
    /// values are validated (``MessagePackScanner``, ``MessagePackReader/skipValidatedValue()``,
    /// ``MessagePackRaw/init(validating:)`` with these limits). Off by default: MessagePack
    /// itself allows both; a protocol that reads maps as records turns it on so that no two
    /// readers can disagree on which of two entries counts.
    public var requireUniqueStringKeys: Bool

    /// Creates limits; every argument defaults to the value in ``default``.
    public init(
        maxDepth: Int = 64,
        maxStringLength: Int = 1 << 20,
        maxBinaryLength: Int = 16 << 20,
        maxContainerCount: Int = 1 << 20,
        requireUniqueStringKeys: Bool = false
    ) {
        self.maxDepth = maxDepth
        self.maxStringLength = maxStringLength
        self.maxBinaryLength = maxBinaryLength
        self.maxContainerCount = maxContainerCount
        self.requireUniqueStringKeys = requireUniqueStringKeys
    }

    /// 64 levels, 1 MiB strings, 16 MiB binaries, 1 Mi elements per container.
    public static let `default` = MessagePackLimits()
}
