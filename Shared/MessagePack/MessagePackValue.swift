/// A dynamic MessagePack value, for tools, tests and untyped payloads.
///
/// Integers compare by value: `.int(5) == .uint(5)`. Decoding yields `.int` for every integer
/// that fits `Int64` and `.uint` only above `Int64.max`; the timestamp extension (type -1)
/// decodes as `.timestamp`, other extensions as `.ext`. Floats compare with `==`, except that
/// NaN equals NaN.
public enum MessagePackValue: Hashable, Sendable, Codable {
    /// nil (`0xc0`).
    case `nil`
    /// true or false.
    case bool(Bool)
    /// An integer; written in the smallest int or uint format that holds it.
    case int(Int64)
    /// An integer above `Int64.max` (or any non-negative one); written like ``int(_:)``.
    case uint(UInt64)
    /// float 32.
    case float(Float)
    /// float 64.
    case double(Double)
    /// str, UTF-8.
    case string(String)
    /// bin.
    case binary([UInt8])
    /// array.
    case array([MessagePackValue])
    /// map, entries in their encoded order; keys may be any value.
    case map([MessagePackMapEntry])
    /// An extension other than the timestamp: application-defined `type` and payload.
    case ext(type: Int8, data: [UInt8])
    /// The timestamp extension (type -1).
    case timestamp(MessagePackTimestamp)

    /// Compares integers by value and treats NaN as equal to NaN.
    public static func == (lhs: MessagePackValue, rhs: MessagePackValue) -> Bool {
        switch (lhs, rhs) {
        case (.nil, .nil): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.uint(a), .uint(b)): a == b
        case let (.int(a), .uint(b)), let (.uint(b), .int(a)): a >= 0 && UInt64(a) == b
        case let (.float(a), .float(b)): a == b || (a.isNaN && b.isNaN)
        case let (.double(a), .double(b)): a == b || (a.isNaN && b.isNaN)
        case let (.string(a), .string(b)): a == b
        case let (.binary(a), .binary(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.map(a), .map(b)): a == b
        case let (.ext(t1, d1), .ext(t2, d2)): t1 == t2 && d1 == d2
        case let (.timestamp(a), .timestamp(b)): a == b
        default: false
        }
    }

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .nil: hasher.combine(0)
        case .bool(let value): hasher.combine(1); hasher.combine(value)
        case .int(let value):
            if value >= 0 {
                hasher.combine(2); hasher.combine(UInt64(value))
            } else {
                hasher.combine(3); hasher.combine(value)
            }
        case .uint(let value): hasher.combine(2); hasher.combine(value)
        case .float(let value): hasher.combine(4); if value.isNaN { hasher.combine(0) } else { hasher.combine(value) }
        case .double(let value): hasher.combine(5); if value.isNaN { hasher.combine(0) } else { hasher.combine(value) }
        case .string(let value): hasher.combine(6); hasher.combine(value)
        case .binary(let value): hasher.combine(7); hasher.combine(value)
        case .array(let value): hasher.combine(8); hasher.combine(value)
        case .map(let value): hasher.combine(9); hasher.combine(value)
        case .ext(let type, let data): hasher.combine(10); hasher.combine(type); hasher.combine(data)
        case .timestamp(let value): hasher.combine(11); hasher.combine(value)
        }
    }
}

extension MessagePackValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `.nil`.
    public init(nilLiteral: ()) { self = .nil }
    /// `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.int`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// `.double`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `.array`.
    public init(arrayLiteral elements: MessagePackValue...) { self = .array(elements) }
    /// `.map`, keeping the literal's order.
    public init(dictionaryLiteral elements: (MessagePackValue, MessagePackValue)...) {
        self = .map(elements.map { MessagePackMapEntry(key: $0.0, value: $0.1) })
    }
}
