import Foundation
import Synchronization

/// Resolves the envelope's `tz`: IANA zone names only, each looked up once (requests name a
/// handful of zones).
///
/// Foundation alone is too lenient for a wire rule: it takes `UTC+5` (and answers
/// `GMT+0500`), a name followed by a NUL, and offsets such as `GMT+0500`. A name is accepted
/// when it has the shape of a tz database name (ASCII letters, digits, `_`, `-`, `+`, in
/// components split by `/`, starting with a letter, at most 64 bytes), is not an offset
/// (`GMT…`/`UTC…` followed by a sign or digit), and the zone database knows it under exactly
/// that name (or it is one of the database's names for UTC, which Foundation calls `GMT`).
/// Services store the name as sent.
enum TimeZoneCache {
    private static let zones = Mutex<[String: TimeZone]>([:])
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    /// The tz database's names for UTC (`backward` links included).
    private static let utcNames: Set<String> = [
        "UTC", "GMT", "UCT", "Universal", "Zulu", "Greenwich", "GMT0", "GMT+0", "GMT-0",
        "Etc/UTC", "Etc/GMT", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "Etc/Greenwich", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0",
    ]

    static func zone(_ identifier: String) -> TimeZone? {
        if let cached = zones.withLock({ $0[identifier] }) { return cached }
        guard isIANAName(identifier), let zone = TimeZone(identifier: identifier),
              zone.identifier == identifier || utcNames.contains(identifier) else { return nil }
        zones.withLock { cache in
            if cache.count < 1024 { cache[identifier] = zone }
        }
        return zone
    }

    /// The shape of a tz database name; offsets such as `UTC+5` or `GMT-0300` are not names
    /// (the database's own `Etc/GMT+5` is).
    static func isIANAName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), bytes[0].isASCIILetter else { return false }
        var previous = UInt8(ascii: "/")
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "/"):
                guard previous != UInt8(ascii: "/") else { return false }
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"):
                break
            default:
                guard byte.isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
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
}

extension UInt8 {
    fileprivate var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
    }
}
