import ChildProcess
import Foundation
import HTTPTypes
import QuenchProtocol
import HummingbirdTesting
import QuenchTesting
import Testing

/// The skeleton's route against real processes: `quench-web` in front of the four services.
@Suite(.serialized) struct TodayAPITests {
    @Test func todayActsForTheTokensUserAndRefusesWithoutOne() async throws {
        try await WebDeployment.with(label: "web-today") { deployment in
            let token = try await deployment.token(for: "ana")

            let anonymous = try await deployment.request(.get, "/api/v1/today")
            #expect(anonymous.head.status == .unauthorized)
            #expect(anonymous.errorCode == "unauthenticated")

            let forged = try await deployment.request(.get, "/api/v1/today", headers: [.authorization: "Bearer qt_" + String(repeating: "A", count: 43)])
            #expect(forged.head.status == .unauthorized)

            let today = try await deployment.request(.get, "/api/v1/today?day=2026-11-20", headers: [.authorization: "Bearer \(token)"])
            #expect(today.head.status == .ok, "\(today.text)")
            let summary = try today.json(DaySummary.self)
            #expect(summary.day == LocalDay("2026-11-20"))
            #expect(summary.goalMl == 2500)

            let bad = try await deployment.request(.get, "/api/v1/today?day=2026-13-01", headers: [.authorization: "Bearer \(token)"])
            #expect(bad.head.status == .badRequest)
            #expect(bad.errorCode == "invalid_argument")
            #expect(bad.text.contains("\"field\":\"day\""))

            let health = try await deployment.request(.get, "/health")
            #expect(health.head.status == .ok)
            #expect(health.head.headerFields[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            #expect(health.head.headerFields[.xContentTypeOptions] == "nosniff")

            // SIGTERM: a graceful stop (HTTP first, then the ZeroMQ host), exit 0.
            #expect(deployment.web.stop(signal: SIGTERM, timeout: 20) == .exited(0), "\(deployment.web.logTail())")
        }
    }
}
