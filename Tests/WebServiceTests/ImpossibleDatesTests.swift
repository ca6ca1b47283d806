import Foundation
import HTTPTypes
import HummingbirdTesting
import QuenchProtocol
import QuenchTestSupport
import QuenchTesting
import Testing

/// Issue 39 item 2: an impossible date or time is refused where it enters (the JSON API, the
/// dashboard's edit form), naming the field, and nothing is stored; it is never rolled into
/// another day (Foundation's parsers turn 2026-02-30 into 2026-03-02).
@Suite(.serialized) struct ImpossibleDatesTests {
    static let impossible = [
        "2026-02-30T10:00:00Z", "2026-11-31T10:00:00Z", "2026-11-21T25:00:00Z", "2026-11-21T10:61:00Z",
        "2026-11-21T10:00:61Z", "2025-02-29T10:00:00Z",
    ]

    @Test func theAPIRefusesImpossibleDatesOnPostAndPatch() async throws {
        try await WebDeployment.with(label: "web-dates") { deployment in
            let ana = try await deployment.token(for: "ana")
            func call(_ method: HTTPRequest.Method, _ path: String, _ body: String? = nil) async throws -> (HTTPResponse.Status, String) {
                let headers: HTTPFields = [.authorization: "Bearer \(ana)", .init("X-Time-Zone")!: "UTC"]
                let response = try await deployment.request(method, path, headers: headers, body: body)
                return (response.head.status, response.text)
            }
            for at in Self.impossible {
                let (status, body) = try await call(.post, "/api/v1/intakes", #"{"volume":250,"at":"\#(at)"}"#)
                #expect(status == .badRequest, "\(at): \(status) \(body)")
                #expect(body.contains("\"field\":\"at\""), "\(at): \(body)")
            }
            for day in ["2026-03-02", "2026-12-01", "2026-11-22", "2026-11-21", "2025-03-01"] {
                let (_, list) = try await call(.get, "/api/v1/intakes?day=\(day)")
                #expect(try JSONDecoder.api.decode(ListIntakesReply.self, from: Data(list.utf8)).intakes.isEmpty, "\(day): \(list)")
            }
            let (created, record) = try await call(.post, "/api/v1/intakes", #"{"volume":250,"at":"2024-02-29T10:00:00Z"}"#)
            #expect(created == .created, "a real 29 February: \(record)")
            let intake = try JSONDecoder.api.decode(IntakeRecord.self, from: Data(record.utf8))
            #expect(intake.day == "2024-02-29")
            for at in Self.impossible {
                let (status, body) = try await call(.patch, "/api/v1/intakes/\(intake.id)", #"{"at":"\#(at)"}"#)
                #expect(status == .badRequest && body.contains("\"field\":\"at\""), "PATCH \(at): \(status) \(body)")
            }
            let (_, kept) = try await call(.get, "/api/v1/intakes?day=2024-02-29")
            #expect(try JSONDecoder.api.decode(ListIntakesReply.self, from: Data(kept.utf8)).intakes.map(\.id) == [intake.id])
        }
    }

    @Test func theEditFormCannotMoveADrinkToAnotherDayOrAnImpossibleTime() async throws {
        try await WebDeployment.with(label: "web-dates-form") { deployment in
            let browser = try await DashboardRoutesTests.signIn(deployment, "ana")
            let logged = try await DashboardRoutesTests.form(deployment, "/today/log", browser, "fluid=water&volume=250&unit=ml")
            #expect(logged.head.status == .seeOther)
            let page = try ParsedSVG(try await deployment.request(.get, "/today", headers: [.cookie: browser.cookie]).text)
            let row = try #require(page.elements.first { $0.attributes["class"] == "intake" })
            let id = try #require(row.attributes["data-id"])
            let today = try #require(page.elements.first { $0.attributes["name"] == "day" }?.attributes["value"])
            let other = try #require(LocalDay(today)).adding(days: -3).description
            for time in ["25:00", "10:61", "9:5", "10:30:99"] {
                let refused = try await DashboardRoutesTests.form(
                    deployment, "/intakes/\(id)/edit", browser, "time=\(time)&day=\(today)&original-time=00:00")
                #expect(refused.head.status == .badRequest, "time \(time): \(refused.head.status)")
                #expect(refused.text.contains("time"), "time \(time)")
            }
            let moved = try await DashboardRoutesTests.form(
                deployment, "/intakes/\(id)/edit", browser, "time=10:00&day=\(other)&original-time=00:00")
            #expect(moved.head.status == .badRequest, "a forged day: \(moved.head.status)")
            #expect(moved.text.contains("day"))
            let impossibleDay = try await DashboardRoutesTests.form(
                deployment, "/intakes/\(id)/edit", browser, "time=10:00&day=2026-02-30&original-time=00:00")
            #expect(impossibleDay.head.status == .badRequest)
            let ana = try await deployment.token(for: "ana")
            let list = try await deployment.request(.get, "/api/v1/intakes?day=\(other)", headers: [.authorization: "Bearer \(ana)"])
            #expect(try JSONDecoder.api.decode(ListIntakesReply.self, from: Data(list.text.utf8)).intakes.isEmpty, "\(list.text)")
            let still = try await deployment.request(.get, "/api/v1/intakes?day=\(today)", headers: [.authorization: "Bearer \(ana)"])
            #expect(try JSONDecoder.api.decode(ListIntakesReply.self, from: Data(still.text.utf8)).intakes.map(\.id) == [id])
        }
    }
}
