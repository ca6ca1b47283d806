public import Foundation

/// An IANA time zone name (`Europe/Berlin`), checked once by the zone rule and kept as sent:
/// the envelope's `tz`, the CLI's `--tz`. On the wire it is the name itself.
///
/// The rule: Foundation alone is too lenient (it takes `UTC+5` and answers `GMT+0500`, a name
/// followed by a NUL, offsets such as `GMT+0500`). A name is accepted when it has the shape of
/// a tz database name (ASCII letters, digits, `_`, `-`, `+`, in components split by `/`,
/// starting with a letter, at most 64 bytes), is not an offset (`GMT…`/`UTC…` followed by a
/// sign or digit), and the zone database knows it under exactly that name (or it is one of
/// the database's names for UTC, which Foundation calls `GMT`).
public struct ZoneID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name as sent (`UTC` stays `UTC`, though Foundation calls it `GMT`).
    public let identifier: String
    /// The zone the name resolves to.
    public let timeZone: TimeZone

    /// UTC, the zone of a request that names none.
    public static let utc = ZoneID(checked: "UTC", timeZone: TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current)

    /// The rule as one phrase, for error messages.
    public static let rule = "is not an IANA time zone (e.g. Europe/Berlin)"

    /// `identifier` when it follows the zone rule.
    public init?(_ identifier: String) {
        guard ZoneID.isIANAName(identifier), let zone = TimeZone(identifier: identifier),
              zone.identifier == identifier || ZoneID.utcNames.contains(identifier) else { return nil }
        self.init(checked: identifier, timeZone: zone)
    }

    /// A name already checked (`timeZone` is what it resolves to).
    public init(checked identifier: String, timeZone: TimeZone) {
        self.identifier = identifier
        self.timeZone = timeZone
    }

    public var description: String { identifier }

    public static func == (lhs: ZoneID, rhs: ZoneID) -> Bool { lhs.identifier == rhs.identifier }

    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// The tz database's names for UTC (`backward` links included).
    static let utcNames: Set<String> = [
        "UTC", "GMT", "UCT", "Universal", "Zulu", "Greenwich", "GMT0", "GMT+0", "GMT-0",
        "Etc/UTC", "Etc/GMT", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "Etc/Greenwich", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0",
    ]

    /// The shape of a tz database name; offsets such as `UTC+5` or `GMT-0300` are not names
    /// (the database's own `Etc/GMT+5` is).
    public static func isIANAName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), isASCIILetter(bytes[0]) else { return false }
        var previous = UInt8(ascii: "/")
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "/"):
                guard previous != UInt8(ascii: "/") else { return false }
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"):
                break
            default:
                guard isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            }
            previous = byte
        }
        guard previous != UInt8(ascii: "/") else { return false }
        for prefix in ["GMT", "UTC", "UT"] where name.hasPrefix(prefix) && name.count > prefix.count {
            let next = bytes[prefix.utf8.count]
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
                return utcNames.contains(name)
            }
        }
        return true
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    // Encoded as the name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let zone = ZoneID(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text.prefix(64))' \(ZoneID.rule)")
        }
        self = zone
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
