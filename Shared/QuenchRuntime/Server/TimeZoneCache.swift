import Foundation
import QuenchProtocol
import Synchronization

/// Resolves the envelope's `tz` by the one zone rule (``ZoneID``), each name looked up once
/// (requests name a handful of zones). Services store the name as sent.
enum TimeZoneCache {
    private static let zones = Mutex<[String: ZoneID]>([:])
    static let utc = ZoneID.utc.timeZone

    static func zoneID(_ identifier: String) -> ZoneID? {
        if let cached = zones.withLock({ $0[identifier] }) { return cached }
        guard let zone = ZoneID(identifier) else { return nil }
        zones.withLock { cache in
            if cache.count < 1024 { cache[identifier] = zone }
        }
        return zone
    }

    static func zone(_ identifier: String) -> TimeZone? {
        zoneID(identifier)?.timeZone
    }

    /// The shape of a tz database name (``ZoneID/isIANAName(_:)``).
    static func isIANAName(_ name: String) -> Bool {
        ZoneID.isIANAName(name)
    }
}
