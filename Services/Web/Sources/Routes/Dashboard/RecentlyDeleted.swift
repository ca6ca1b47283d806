import Foundation
import QuenchProtocol
import Synchronization
import WebDashboard

/// The drinks a user deleted on the dashboard in the last ``UndoWindow/serverSeconds``
/// seconds, kept in memory so that "Undo" can log them again (issue #39 item 15). The event
/// log stays honest: the delete happened (`intake.deleted`); the undo is a new
/// `intake.logged` of the same fluid, volume, instant and zone, with an idempotency key of
/// the deleted id, so a second tap logs nothing more. Drinks logged by hand only: an imported
/// one (Health) would come back as a manual one and out of its import's reach.
/// At most ``perUser`` drinks a user and ``maxUsers`` users; an erase forgets the user's.
final class RecentlyDeleted: ForgetsUsers {
    static let perUser = 20
    static let maxUsers = 1000

    private let entries = Mutex<[String: [(at: ContinuousClock.Instant, intake: IntakeRecord)]]>([:])

    func forget(user: String) {
        entries.withLock { _ = $0.removeValue(forKey: user) }
    }

    func remember(_ intake: IntakeRecord, user: String) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            if entries[user] == nil, entries.count >= Self.maxUsers,
               let oldest = entries.min(by: { ($0.value.last?.at ?? now) < ($1.value.last?.at ?? now) })?.key {
                entries[oldest] = nil
            }
            var kept = (entries[user] ?? []).filter { Self.live($0.at, now: now) && $0.intake.id != intake.id }
            kept.append((now, intake))
            entries[user] = Array(kept.suffix(Self.perUser))
        }
    }

    /// The user's drink `id` while it may still be brought back.
    func find(_ id: String, user: String) -> IntakeRecord? {
        let now = ContinuousClock.now
        return entries.withLock { $0[user]?.last { $0.intake.id == id && Self.live($0.at, now: now) }?.intake }
    }

    /// Takes the drink out (brought back).
    func remove(_ id: String, user: String) {
        entries.withLock { entries in entries[user]?.removeAll { $0.intake.id == id } }
    }

    private static func live(_ at: ContinuousClock.Instant, now: ContinuousClock.Instant) -> Bool {
        now - at < .seconds(UndoWindow.serverSeconds)
    }
}
