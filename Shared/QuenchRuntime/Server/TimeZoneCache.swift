import Foundation
import Synchronization

/// `TimeZone(identifier:)` reads the zone database; requests name a handful of zones, so
/// each is looked up once.
enum TimeZoneCache {
    private static let zones = Mutex<[String: TimeZone]>([:])
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    static func zone(_ identifier: String) -> TimeZone? {
        if let cached = zones.withLock({ $0[identifier] }) { return cached }
        guard identifier.utf8.count <= 64, let zone = TimeZone(identifier: identifier) else { return nil }
        zones.withLock { cache in
            if cache.count < 1024 { cache[identifier] = zone }
        }
        return zone
    }
}
