/// An error raised while decoding (or validating) MessagePack bytes.
///
/// Every error names the byte offset in the input where decoding went wrong and,
/// when decoding a `Decodable` value, the coding path that led there.
public struct MessagePackError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// The input ended in the middle of a value.
        case truncated
        /// The byte is not a MessagePack format byte (only `0xc1` is unused).
        case invalidFormat(UInt8)
        /// A str/bin/ext length or array/map count needs more bytes than the input holds.
        case lengthBeyondInput(declared: UInt64, available: Int)
        /// A length or count exceeds the decoder's ``MessagePackLimits``.
        case limitExceeded(String)
        /// Containers nest deeper than ``MessagePackLimits/maxDepth``.
        case depthExceeded
        /// The value has a different MessagePack type than the one requested.
        case typeMismatch(expected: String, found: String)
        /// A str value is not valid UTF-8.
        case invalidUTF8
        /// A timestamp extension (type -1) has a bad length or nanoseconds above 999 999 999.
        case invalidTimestamp
        /// An integer does not fit the requested Swift type.
        case integerOverflow
        /// A keyed container has no entry for the key.
        case keyNotFound(String)
        /// A non-optional value is nil, or an unkeyed container has no more elements.
        case valueNotFound
        /// Bytes follow the top-level value.
        case trailingBytes(Int)
        /// Bytes meant for ``MessagePackRaw`` are not exactly one value.
        case invalidRaw
        /// A map key is not a str (``MessagePackLimits/requireUniqueStringKeys``).
        case nonStringKey
        /// A map holds the key twice (``MessagePackLimits/requireUniqueStringKeys``); the key,
        /// cut to 40 bytes.
        case duplicateKey(String)
    }

    /// What went wrong.
    public let kind: Kind
    /// The byte offset in the input where it went wrong.
    public let offset: Int
    /// The coding path that led there, such as `body.items[3].goal`; empty at the top level.
    public let codingPath: String

    /// Creates an error.
    public init(_ kind: Kind, offset: Int, codingPath: String = "") {
        self.kind = kind
        self.offset = offset
        self.codingPath = codingPath
    }

    /// A one-line explanation, such as `MessagePack: truncated input at offset 17 (body.items[3].goal)`.
    public var description: String {
        let path = codingPath.isEmpty ? "" : " (\(codingPath))"
        return "MessagePack: \(kind.summary) at offset \(offset)\(path)"
    }

    func with(codingPath path: String) -> MessagePackError {
        MessagePackError(kind, offset: offset, codingPath: path)
    }
}

extension MessagePackError.Kind {
    var summary: String {
        switch self {
        case .truncated: "truncated input"
        case .invalidFormat(let byte): "invalid format byte 0x\(String(byte, radix: 16))"
        case .lengthBeyondInput(let declared, let available):
            "declared length \(declared) exceeds the \(available) bytes remaining"
        case .limitExceeded(let what): "limit exceeded: \(what)"
        case .depthExceeded: "nesting deeper than the depth limit"
        case .typeMismatch(let expected, let found): "type mismatch: expected \(expected), found \(found)"
        case .invalidUTF8: "invalid UTF-8 in string"
        case .invalidTimestamp: "invalid timestamp"
        case .integerOverflow: "integer does not fit the requested type"
        case .keyNotFound(let key): "key \"\(key)\" not found"
        case .valueNotFound: "value not found"
        case .trailingBytes(let count): "\(count) trailing byte\(count == 1 ? "" : "s") after the value"
        case .invalidRaw: "raw bytes are not exactly one MessagePack value"
        case .nonStringKey: "map key is not a string"
        case .duplicateKey(let key): "map key \"\(key)\" appears more than once"
        }
    }
}
