import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// Events handed to analytics one by one (`TestService.deliver(_:from:)`) go through its
/// real subscriber transaction: applied after the cursor, a gap not applied, an event it
/// cannot read skipped and counted, what it already has not applied twice.
@Suite("Analytics applies what it is handed, as its subscriber does")
struct AnalyticsDeliveryTests {
    @Test("intake's events one by one: applied in order, a gap and a repeat change nothing, a bad body is skipped and counted")
    func deliveredOneByOne() async throws {
        let intake = try await TestService.intake()
        let analytics = try await TestService.analytics()
        for volume in [250.0, 300, 450] {
            _ = try await intake.call(.intakeLog, LogIntakeRequest(volume: volume), user: "ana", timeZone: "UTC")
        }
        let events = try await intake.events()
        #expect(events.map(\.seq) == [1, 2, 3])
        func today() async throws -> Double {
            try await analytics.call(MessageDescriptor.analyticsToday.name, DayRequest(), as: DaySummary.self, user: "ana", timeZone: "UTC").totalWaterMl
        }
        func lag() async throws -> SubscriptionHealth? {
            try await analytics.call(MessageDescriptor.analyticsLag.name, LagRequest(), as: LagReply.self, user: "ana")
                .publishers.first { $0.publisher == ServiceName.intake }
        }

        // The third before the second: a gap, nothing applied.
        try analytics.deliver([events[0]], from: ServiceName.intake)
        try analytics.deliver([events[2]], from: ServiceName.intake)
        #expect(try await today() == 250)
        #expect(try await analytics.appliedSeq(from: ServiceName.intake) == 1)
        // Then in order; the first again is passed over.
        try analytics.deliver(Array(events[0...2]), from: ServiceName.intake)
        #expect(try await today() == 1000)
        #expect(try await analytics.appliedSeq(from: ServiceName.intake) == 3)

        // An intake.logged whose body analytics cannot read: skipped, counted, the cursor moves on.
        var bad = events[2]
        bad.seq = 4
        bad.body = try MessagePackRaw(encoding: ["intake": "not a record"])
        try analytics.deliver([bad], from: ServiceName.intake)
        #expect(try await analytics.appliedSeq(from: ServiceName.intake) == 4)
        #expect(try await lag()?.skipped == 1)
        #expect(try await today() == 1000)
        intake.close()
        analytics.close()
    }
}
