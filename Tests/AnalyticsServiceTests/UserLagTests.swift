@testable import AnalyticsService
import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import Testing

/// Issue 39 item 6: a publisher's `seq` counts every user's events, so a user's replies must not
/// carry it (another user's import showed as a jump, 70 → 179). Users see behind or current; the
/// counters are for `analytics.lag` to operators and services.
@Suite("Lag: users see behind or current, never the counters")
struct UserLagTests {
    static let health = [
        SubscriptionHealth(publisher: ServiceName.intake, appliedSeq: 70, headSeq: 179, skipped: 3, connected: true),
        SubscriptionHealth(publisher: ServiceName.goals, appliedSeq: 12, headSeq: 12, skipped: 0, connected: false),
    ]

    static func handlers() throws -> AnalyticsHandlers {
        let database = try ServiceDatabase(
            path: TestScratch.file("user-lag", named: "analytics.sqlite").path, migrator: AnalyticsSchema.migrator)
        return AnalyticsHandlers(database: database, now: { Date(timeIntervalSince1970: 1_795_262_400) }, lag: { health })
    }

    static func expectWithheld(_ lag: [SubscriptionHealth], _ reply: String) {
        #expect(lag.map(\.publisher) == [ServiceName.intake, ServiceName.goals], "\(reply)")
        for entry in lag {
            #expect(entry.appliedSeq == 0 && entry.skipped == 0 && entry.headSeq <= 1, "\(reply): \(entry)")
        }
        #expect(lag.map(\.lag) == [1, 0] && lag.map(\.connected) == [true, false], "\(reply): \(lag)")
    }

    @Test("every reply to a user: today, history, steps, challenges, workouts, one-rep max")
    func repliesToUsers() async throws {
        let handlers = try Self.handlers()
        let fixture = try AnalyticsFixture()
        for principal in [Principal.insecure, .user("ana"), .admin] {
            let context = fixture.context(principal: principal)
            Self.expectWithheld(try await handlers.day(DayRequest(), context).lag, "today")
            Self.expectWithheld(try await handlers.history(HistoryRequest(days: 3), context).lag, "history")
            Self.expectWithheld(try await handlers.stepsMonth(MonthRequest(), context).lag, "steps")
            Self.expectWithheld(try await handlers.challengesProgress(MonthRequest(), context).lag, "challenges")
            Self.expectWithheld(try await handlers.workouts(MonthRequest(), context).lag, "workouts")
            Self.expectWithheld(try await handlers.oneRepMax(OneRepMaxRequest(), context).lag, "orm")
        }
    }

    @Test("analytics.lag: the counters for an operator or a service, behind or current for a user")
    func lagQuery() throws {
        let handlers = try Self.handlers()
        let fixture = try AnalyticsFixture()
        #expect(handlers.lagReply(fixture.context(principal: .admin)).publishers == Self.health)
        #expect(handlers.lagReply(fixture.context(principal: .service("web"))).publishers == Self.health)
        Self.expectWithheld(handlers.lagReply(fixture.context(principal: .user("ana"))).publishers, "analytics.lag")
    }
}
