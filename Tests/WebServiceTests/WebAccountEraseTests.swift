import Foundation
import HTTPTypes
import HealthImport
import HummingbirdTesting
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing
@testable import WebService

/// `DELETE /api/v1/me` against a real deployment (intake, goals, health-ingest, analytics and
/// `quench-web` as processes, HTTP on a real socket): the request's own user is erased in
/// every service and on the web, no byte of the user's markers is left in any file, the token
/// is refused afterwards and another user keeps everything; a service that is down is named
/// (503) while the rest erase and the token keeps working for the retry; a session without
/// its CSRF token is refused (403) and erases nothing. Each erase names its user
/// (`?confirm=ana`; `TokenScopeDeploymentTests` covers the refusals without it).
@Suite(.serialized) struct WebAccountEraseTests {
    struct Report: Decodable {
        struct Service: Decodable {
            var service: String
            var status: String
            var erased: Bool
            var deleted: [String: Int]?
            var error: String?
        }
        var user: String
        var erased: Bool
        var services: [Service]

        func status(_ service: String) -> String? { services.first { $0.service == service }?.status }
    }

    static let payload = """
        {"data": {"metrics": [
          {"name": "step_count", "units": "count", "data": [{"date": "2026-08-26 10:30:00 +0000", "qty": 321, "source": "zqxSOURCE"}]},
          {"name": "dietary_water", "units": "ml", "data": [{"date": "2026-08-26 08:00:00 +0000", "qty": 300, "source": "zqxSOURCE"}]}]}}
        """

    /// Logs a drink and a weight and imports a small Health Auto Export payload for the
    /// token's user, through the API; `marker` names the token's import (its job's name).
    static func seed(_ deployment: WebDeployment, token: String, marker: String) async throws {
        let bearer: HTTPFields = [.authorization: "Bearer \(token)", .init("X-Time-Zone")!: "UTC"]
        let consents = try await deployment.request(
            .post, "/api/v1/consents/grant", headers: bearer, body: #"{"types":["body-mass","steps","dietary-water"]}"#)
        #expect(consents.head.status == .ok, "\(consents.text)")
        let drink = try await deployment.request(.post, "/api/v1/intakes", headers: bearer, body: #"{"volume":250}"#)
        #expect(drink.head.status == .created, "\(drink.text)")
        let weight = try await deployment.request(.post, "/api/v1/weight", headers: bearer, body: #"{"value":71.5,"unit":"kg"}"#)
        #expect(weight.head.status == .created, "\(weight.text)")
        var headers = bearer
        headers[.init("automation-name")!] = marker
        let imported = try await deployment.request(.post, "/api/v1/health-auto-export", headers: headers, body: payload)
        #expect(imported.head.status == .ok, "\(imported.text)")
        #expect(try imported.json(HealthAutoExportReport.self).imported == 2, "\(imported.text)")
    }

    /// What the services hold of `user`, read through their RPCs: drinks, the weight goals
    /// learnt, health samples and import jobs, and today's water in analytics.
    struct Holdings: Equatable {
        var intakes: Int
        var goalWeight: Bool
        var samples: Int
        var imports: Int
        var todayWaterMl: Double?
    }

    static func holdings(_ deployment: WebDeployment, user: String) async throws -> Holdings {
        let intake = try deployment.system.client(ServiceName.intake, user: user, timeZone: "UTC")
        let goals = try deployment.system.client(ServiceName.goals, user: user, timeZone: "UTC")
        let health = try deployment.system.client(ServiceName.healthIngest, user: user, timeZone: "UTC")
        let intakes: IntakeExport = try await intake.call(MessageDescriptor.intakeExport.name, IntakeExportRequest())
        let goal: GoalExport = try await goals.call(MessageDescriptor.goalExport.name, GoalExportRequest())
        let samples: HealthExport = try await health.call(MessageDescriptor.healthExport.name, HealthExportRequest())
        var today: Double?
        if (try? deployment.system.process(ServiceName.analytics)) != nil {
            let analytics = try deployment.system.client(ServiceName.analytics, user: user, timeZone: "UTC")
            let summary: DaySummary = try await analytics.call(MessageDescriptor.analyticsToday.name, DayRequest(day: nil))
            today = summary.totalWaterMl
            await analytics.close()
        }
        for client in [intake, goals, health] { await client.close() }
        return Holdings(
            intakes: intakes.intakes.count, goalWeight: goal.weight != nil, samples: samples.samples.count, imports: samples.imports.count,
            todayWaterMl: today)
    }

    @Test func deleteMeErasesTheUserEverywhereAndTheTokenStops() async throws {
        try await WebDeployment.with(label: "web-me-erase") { deployment in
            let ana = try await deployment.token(for: "ana", name: "zqxANATOKEN")
            let bob = try await deployment.token(for: "bob", name: "zqxBOBTOKEN")
            try await Self.seed(deployment, token: ana, marker: "zqxANAIMPORT")
            try await Self.seed(deployment, token: bob, marker: "zqxBOBIMPORT")
            let seeded = Holdings(intakes: 2, goalWeight: true, samples: 3, imports: 1, todayWaterMl: 250)
            for user in ["ana", "bob"] {
                let caughtUp = try await eventually { try await Self.holdings(deployment, user: user) == seeded }
                let held = try await Self.holdings(deployment, user: user)
                #expect(caughtUp, "\(user): \(held)")
            }
            let markers = ["zqxANATOKEN", "zqxANAIMPORT"], bobMarkers = ["zqxBOBTOKEN", "zqxBOBIMPORT"]
            let before = Self.filesHolding(markers + bobMarkers, in: deployment.system.directory)
            for marker in markers + bobMarkers {
                #expect(before[marker] != nil, "\(marker) was never stored: the scan could not see it go")
            }

            let erased = try await deployment.request(.delete, "/api/v1/me?confirm=ana", headers: [.authorization: "Bearer \(ana)"])
            #expect(erased.head.status == .ok, "\(erased.text)")
            let report = try erased.json(Report.self)
            #expect(report.user == "ana" && report.erased)
            #expect(report.services.map(\.service) == ["goals", "health-ingest", "intake", "web"])
            #expect(report.services.allSatisfy { $0.status == "erased" && $0.erased && $0.error == nil }, "\(erased.text)")
            #expect(report.services.first { $0.service == "web" }?.deleted == ["tokens": 1, "sessions": 0, "links": 0])
            #expect(report.services.first { $0.service == "intake" }?.deleted?["intakes"] == 2, "\(erased.text)")

            // Her token is refused at once; bob's works and his data is all there.
            let me = try await deployment.request(.get, "/api/v1/me", headers: [.authorization: "Bearer \(ana)"])
            #expect(me.head.status == .unauthorized, "\(me.text)")
            let again = try await deployment.request(.delete, "/api/v1/me?confirm=ana", headers: [.authorization: "Bearer \(ana)"])
            #expect(again.head.status == .unauthorized)
            let bobs = try await deployment.request(.get, "/api/v1/me", headers: [.authorization: "Bearer \(bob)"])
            #expect(bobs.head.status == .ok)
            #expect(try await Self.holdings(deployment, user: "bob") == seeded)
            // Nothing of hers in any service (analytics once it has applied the erase events).
            let gone = Holdings(intakes: 0, goalWeight: false, samples: 0, imports: 0, todayWaterMl: 0)
            let empty = try await eventually { try await Self.holdings(deployment, user: "ana") == gone }
            let left = try await Self.holdings(deployment, user: "ana")
            #expect(empty, "\(left)")

            // No byte of her markers in any file of the deployment (every service's SQLite file,
            // its -wal and -shm, the logs); bob's are there.
            let after = Self.filesHolding(markers + bobMarkers, in: deployment.system.directory)
            for marker in markers {
                #expect(after[marker] == nil, "\(marker) is still in \(after[marker] ?? [])")
            }
            for marker in bobMarkers {
                #expect(after[marker] != nil, "\(marker) went with ana's erase")
            }
        }
    }

    @Test func aSessionWithoutItsCSRFTokenErasesNothingAndAServiceThatIsDownIsNamed() async throws {
        try await WebDeployment.with(
            [ServiceName.intake, ServiceName.goals, ServiceName.healthIngest], label: "web-me-erase-down",
            arguments: ["--http-erase-timeout-ms", "5000"]
        ) { deployment in
            let ana = try await deployment.token(for: "ana", name: "zqxANATOKEN")
            try await Self.seed(deployment, token: ana, marker: "zqxANAIMPORT")
            let seeded = Holdings(intakes: 2, goalWeight: true, samples: 3, imports: 1, todayWaterMl: nil)
            #expect(try await eventually { try await Self.holdings(deployment, user: "ana") == seeded })

            // A browser session without X-CSRF-Token: refused, nothing erased, the session works.
            let cookie = try await WebEraseTests.signIn(deployment, ana)
            let forged = try await deployment.request(.delete, "/api/v1/me?confirm=ana", headers: [.cookie: cookie])
            #expect(forged.head.status == .forbidden, "\(forged.text)")
            #expect(forged.errorCode == "permission_denied")
            #expect(try await Self.holdings(deployment, user: "ana") == seeded)
            #expect(try await deployment.request(.get, "/api/v1/me", headers: [.cookie: cookie]).head.status == .ok)

            // The dashboard's erase form without its checkbox ticked: the page again, nothing erased.
            let signedIn = try await deployment.request(.get, "/api/v1/me", headers: [.cookie: cookie])
            let token = try #require(try JSONSerialization.jsonObject(with: Data(signedIn.text.utf8)) as? [String: Any])["csrfToken"] as? String
            let unconfirmed = try await deployment.request(
                .post, "/erase", headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"], body: "csrf=\(try #require(token))")
            #expect(unconfirmed.head.status == .badRequest, "\(unconfirmed.head)")
            #expect(unconfirmed.text.contains("Yes, erase all my data"))
            #expect(try await Self.holdings(deployment, user: "ana") == seeded)

            // Goals down: 503 naming it, the others erased, the web's part kept for the retry.
            let goals = deployment.system.liveProcess(ServiceName.goals)
            goals.stop()
            let partial = try await deployment.request(.delete, "/api/v1/me?confirm=ana", headers: [.authorization: "Bearer \(ana)"])
            #expect(partial.head.status == .serviceUnavailable, "\(partial.text)")
            let report = try partial.json(Report.self)
            #expect(!report.erased)
            #expect(report.status("goals") == "down", "\(partial.text)")
            #expect(report.services.first { $0.service == "goals" }?.error?.isEmpty == false)
            #expect(report.status("intake") == "erased" && report.status("health-ingest") == "erased", "\(partial.text)")
            #expect(report.status("web") == "kept", "\(partial.text)")
            let stillSignedIn = try await deployment.request(.get, "/api/v1/me", headers: [.authorization: "Bearer \(ana)"])
            #expect(stillSignedIn.head.status == .ok, "\(stillSignedIn.text)")

            // Goals back: again, from the session with its CSRF token: 200, everything erased,
            // the cookie cleared and refused.
            try goals.start()
            let me = try await deployment.request(.get, "/api/v1/me", headers: [.cookie: cookie])
            let csrf = try #require(try JSONSerialization.jsonObject(with: Data(me.text.utf8)) as? [String: Any])["csrfToken"] as? String
            let rerun = try await deployment.request(.delete, "/api/v1/me?confirm=ana", headers: [.cookie: cookie, .init("X-CSRF-Token")!: try #require(csrf)])
            #expect(rerun.head.status == .ok, "\(rerun.text)")
            let second = try rerun.json(Report.self)
            #expect(second.services.allSatisfy { $0.status == "erased" }, "\(rerun.text)")
            #expect(second.services.first { $0.service == "web" }?.deleted == ["tokens": 1, "sessions": 1, "links": 0])
            #expect(rerun.head.headerFields[.setCookie]?.contains("Max-Age=0") == true, "\(rerun.head)")
            #expect(try await Self.holdings(deployment, user: "ana") == Holdings(intakes: 0, goalWeight: false, samples: 0, imports: 0, todayWaterMl: nil))
            for headers: HTTPFields in [[.cookie: cookie], [.authorization: "Bearer \(ana)"]] {
                #expect(try await deployment.request(.get, "/api/v1/me", headers: headers).head.status == .unauthorized)
            }
        }
    }

    /// Each marker found in any file under `folder`, with the files holding it.
    static func filesHolding(_ markers: [String], in folder: URL) -> [String: [String]] {
        WebEraseTests.scan(folder, for: Dictionary(uniqueKeysWithValues: markers.map { ($0, Array($0.utf8)) }))
    }
}
