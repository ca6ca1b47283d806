import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// A steps sample cut by midnight, through the real health-ingest and analytics and the built
/// `quench steps --json`: 600 steps 23:30–00:30 (UTC, the sample's own offset 0) show 300 on
/// 2026-10-31 and 300 on 2026-11-01, each month's chart and total saying so, as the Health app
/// does; with a watch over 23:45–00:15 (200 steps, ranked first) each day is 250 (worked in
/// `MidnightSplitTests`).
@Suite("A sample cut by midnight end to end", .serialized)
struct HealthMidnightSplitEndToEndTests {
    static func day(_ report: [String: Any], _ day: String) -> Int? {
        ((report["days"] as? [[String: Any]]) ?? []).first { $0["day"] as? String == day }?["steps"] as? Int
    }

    @Test("quench steps --json: 300 on each side of midnight, then 250 each with a watch over part of it")
    func stepsMonth() async throws {
        let system = try await AnalyticsSystem("midnight", timeZone: "UTC")
        try await system.grant([.steps])
        let start = ISO8601DateFormatter().date(from: "2026-10-31T23:30:00Z")!
        try await system.addSamples([
            SampleInput(type: "steps", value: 600, unit: "count", start: start, end: start.addingTimeInterval(3600), source: "Ann's iPhone", utcOffset: 0),
        ])
        try await system.waitUntilCaughtUp()
        let october = try CLIAnalyticsTests.quench(system, ["steps", "--month", "2026-10", "--json"])
        #expect(october.status == 0, "\(october.stderr)")
        let november = try CLIAnalyticsTests.quench(system, ["steps", "--month", "2026-11", "--json"])
        let octoberReport = try october.json(), novemberReport = try november.json()
        #expect(Self.day(octoberReport, "2026-10-31") == 300 && octoberReport["total"] as? Int == 300, "\(october.stdout)")
        #expect(Self.day(novemberReport, "2026-11-01") == 300 && novemberReport["total"] as? Int == 300, "\(november.stdout)")

        try await system.addSamples([
            SampleInput(
                type: "steps", value: 200, unit: "count", start: start.addingTimeInterval(900), end: start.addingTimeInterval(2700),
                source: "Ann's Apple Watch", utcOffset: 0),
        ])
        try await system.waitUntilCaughtUp()
        let merged10 = try CLIAnalyticsTests.quench(system, ["steps", "--month", "2026-10", "--json"]).json()
        let merged11 = try CLIAnalyticsTests.quench(system, ["steps", "--month", "2026-11", "--json"]).json()
        #expect(Self.day(merged10, "2026-10-31") == 250 && Self.day(merged11, "2026-11-01") == 250, "\(merged10) \(merged11)")
        await system.close()
    }
}
