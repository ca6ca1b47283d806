/// One key-value pair of a ``MessagePackValue/map(_:)``, which keeps its entries in order.
public struct MessagePackMapEntry: Hashable, Sendable {
    /// The key; any MessagePack value.
    public var key: MessagePackValue
    /// The value.
    public var value: MessagePackValue

    /// Creates an entry.
    public init(key: MessagePackValue, value: MessagePackValue) {
        self.key = key
        self.value = value
    }
}
