import Foundation
import QuenchProtocol
import Synchronization
import WebDashboard

/// The intakes the usual drinks are picked from: the user's last
/// `UsualDrinks.lookbackDays` days of `intake.list` (read in parallel), kept for five
/// minutes per user so a page view reads one day, not two weeks. At most 1,000 users are
/// kept (the oldest entry goes first).
final class UsualDrinksCache: ForgetsUsers {
    static let lifetime: Duration = .seconds(300)
    static let maxUsers = 1000

    private let entries = Mutex<[String: (at: ContinuousClock.Instant, intakes: [IntakeRecord])]>([:])

    /// Drops the user's intakes (an erase).
    func forget(user: String) {
        entries.withLock { _ = $0.removeValue(forKey: user) }
    }

    func recent(for session: DashboardSession) async throws -> [IntakeRecord] {
        let now = ContinuousClock.now
        if let entry = entries.withLock({ $0[session.user] }), now - entry.at < Self.lifetime { return entry.intakes }
        let today = session.today
        let intakes = try await withThrowingTaskGroup(of: [IntakeRecord].self) { group in
            for back in 0..<UsualDrinks.lookbackDays {
                group.addTask { try await session.call(.intakeList, ListIntakesRequest(day: today.adding(days: -back), limit: 200)).intakes }
            }
            return try await group.reduce(into: [IntakeRecord]()) { $0 += $1 }
        }
        entries.withLock { entries in
            if entries.count >= Self.maxUsers, let oldest = entries.min(by: { $0.value.at < $1.value.at })?.key { entries[oldest] = nil }
            entries[session.user] = (now, intakes)
        }
        return intakes
    }
}
