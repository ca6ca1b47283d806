import Foundation
import HTTPTypes
import HealthImport
import HummingbirdTesting
import QuenchProtocol
import QuenchTestSupport
import QuenchTesting
import Testing

/// `POST /api/v1/health-auto-export` against real processes (`quench-web` in front of the real
/// health-ingest): the app's payload as it posts it, with its bearer token; the reply's counts;
/// re-posts count nothing twice; each token imports for its own user only; its own body limit
/// (413 above it, the API's 64 KiB not applied); a body that is not the app's JSON is 400
/// naming the part at fault.
@Suite(.serialized) struct HealthAutoExportWebTests {
    static let payload = """
        {"data": {"metrics": [
          {"name": "step_count", "units": "count", "data": [
            {"date": "2026-08-26 23:30:00 +0900", "qty": 300, "source": "iPhone"},
            {"date": "2026-08-26 23:30:00 -0700", "qty": 400, "source": "iPhone"}]},
          {"name": "dietary_water", "units": "fl_oz_us", "data": [{"date": "2026-08-26 08:00:00 -0400", "qty": 8, "source": "WaterMinder"}]},
          {"name": "heart_rate", "units": "count/min", "data": [{"date": "2026-08-26 08:00:00 -0400", "Min": 50, "Avg": 60, "Max": 70}]}],
         "workouts": [{"id": "A1", "name": "Outdoor Run", "start": "2026-08-26 07:00:00 -0400", "end": "2026-08-26 07:30:00 -0400",
           "duration": 1800, "distance": {"qty": 5.2, "units": "km"}, "activeEnergyBurned": {"qty": 350, "units": "kcal"}}]}}
        """

    static func headers(_ token: String) -> HTTPFields {
        [.authorization: "Bearer \(token)", .init("automation-name")!: "Quench steps", .init("X-Time-Zone")!: "Pacific/Kiritimati"]
    }

    @Test func thePayloadAsTheAppPostsItIsImportedForTheTokensUserOnce() async throws {
        try await WebDeployment.with([ServiceName.healthIngest], label: "web-hae") { deployment in
            let token = try await deployment.token(for: "ana")
            let health = try deployment.system.client(ServiceName.healthIngest, user: "ana", timeZone: "UTC")
            let _: ConsentListReply = try await health.call(
                MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: ["steps", "dietary-water", "workouts"]), idempotencyKey: UUID().uuidString)

            let first = try await deployment.request(.post, "/api/v1/health-auto-export", headers: Self.headers(token), body: Self.payload)
            #expect(first.head.status == .ok, "\(first.text)")
            let report = try first.json(HealthAutoExportReport.self)
            #expect(report.imported == 4 && report.duplicates == 0 && report.status == "completed")
            #expect(report.recordsSeen == 5 && report.skipped == 1 && report.otherMetrics == ["heart_rate": 1])
            let again = try await deployment.request(.post, "/api/v1/health-auto-export", headers: Self.headers(token), body: Self.payload)
            #expect(try again.json(HealthAutoExportReport.self).duplicates == 4)

            let days: DailySamplesReply = try await health.call(
                MessageDescriptor.samplesDaily.name, DailySamplesRequest(type: "steps", from: LocalDay("2026-08-26")!, to: LocalDay("2026-08-27")!))
            #expect(days.days.compactMap { $0.value }.reduce(0, +) == 700)
            #expect(days.days.first { $0.day.description == "2026-08-26" }?.value == 700, "each point on its own day")
            let jobs: ImportStatusReply = try await health.call(MessageDescriptor.importStatus.name, ImportStatusRequest())
            #expect(jobs.jobs.map(\.kind) == ["health-auto-export", "health-auto-export"])
            #expect(jobs.jobs.first?.fileName == "Quench steps")

            // Bob's token imports for bob: without his consents nothing is stored, and ana's data is unchanged.
            let bob = try await deployment.token(for: "bob")
            let bobs = try await deployment.request(.post, "/api/v1/health-auto-export", headers: Self.headers(bob), body: Self.payload)
            let bobReport = try bobs.json(HealthAutoExportReport.self)
            #expect(bobReport.imported == 0 && bobReport.skippedForConsent == ["steps": 2, "dietary-water": 1, "workouts": 1])
            let anaJobs: ImportStatusReply = try await health.call(MessageDescriptor.importStatus.name, ImportStatusRequest())
            #expect(anaJobs.jobs.count == 2)
            await health.close()
        }
    }

    @Test func itsOwnBodyLimitAndBadBodies() async throws {
        try await WebDeployment.with([ServiceName.healthIngest], label: "web-hae-limits", arguments: ["--limits-hae-body-bytes", "200000"]) { deployment in
            let token = try await deployment.token(for: "ana")
            // Over the API's 64 KiB, under the endpoint's 200,000 bytes: accepted.
            let big = String(decoding: HealthAutoExportGenerator.payload(points: 600, seed: 1), as: UTF8.self)
            #expect(big.utf8.count > 64 * 1024 && big.utf8.count < 200_000, "\(big.utf8.count)")
            let accepted = try await deployment.request(.post, "/api/v1/health-auto-export", headers: Self.headers(token), body: big)
            #expect(accepted.head.status == .ok, "\(accepted.text)")
            #expect(try accepted.json(HealthAutoExportReport.self).recordsSeen > 600)
            // Over it: 413 too_large, before anything is imported.
            let huge = String(decoding: HealthAutoExportGenerator.payload(points: 2000, seed: 1), as: UTF8.self)
            #expect(huge.utf8.count > 200_000)
            let refused = try await deployment.request(.post, "/api/v1/health-auto-export", headers: Self.headers(token), body: huge)
            #expect(refused.head.status == .contentTooLarge, "\(refused.text)")
            #expect(refused.errorCode == "too_large")
            #expect(refused.text.contains("limits.hae.body.bytes"))
            // Not the app's JSON: 400 naming the part at fault.
            for (body, field) in [("not json", "payload"), (#"{"data": {"metrics": 7}}"#, "data.metrics"), ("{}", "data")] {
                let bad = try await deployment.request(.post, "/api/v1/health-auto-export", headers: Self.headers(token), body: body)
                #expect(bad.head.status == .badRequest, "\(body): \(bad.text)")
                #expect(bad.text.contains("\"field\":\"\(field)\""), "\(bad.text)")
            }
            // The other routes keep the API's 64 KiB.
            let other = try await deployment.request(.post, "/api/v1/consents/grant", headers: Self.headers(token), body: big)
            #expect(other.head.status == .contentTooLarge)
            // Only the accepted payload left a job.
            let health = try deployment.system.client(ServiceName.healthIngest, user: "ana", timeZone: "UTC")
            let jobs: ImportStatusReply = try await health.call(MessageDescriptor.importStatus.name, ImportStatusRequest())
            #expect(jobs.jobs.count == 1)
            await health.close()
        }
    }
}
