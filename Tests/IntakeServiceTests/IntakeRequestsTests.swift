import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// The intake service's requests through its real handlers, dispatcher and committer:
/// in process by default, against the real executable too with `QUENCH_TEST_LIVE=1`
/// (``TestMode``). (Moved here from the end-to-end tests; same assertions.)
@Suite("Intake requests")
struct IntakeRequestsTests {
    final class Fixture: Sendable {
        let system: TestSystem
        let client: TestClient

        init(_ mode: TestMode, _ label: String, user: String = "ana", timeZone: String = "Europe/Berlin") async throws {
            system = try await TestSystem(mode, [ServiceName.intake], label: label)
            client = try system.client(ServiceName.intake, user: user, timeZone: timeZone)
        }

        func log(_ request: LogIntakeRequest) async throws -> IntakeRecord {
            try await client.call(MessageDescriptor.intakeLog.name, request, as: IntakeRecord.self, idempotencyKey: UUID().uuidString)
        }

        /// Another client of the same service.
        func client(user: String, timeZone: String = TimeZone.current.identifier) throws -> TestClient {
            try system.client(ServiceName.intake, user: user, timeZone: timeZone)
        }

        func close() async {
            await system.close()
        }
    }

    @Test("log in each unit; the fluid's water content is applied and kept", arguments: TestMode.selected)
    func unitsAndWaterContent(mode: TestMode) async throws {
        let fixture = try await Fixture(mode, "units")
        let ml = try await fixture.log(LogIntakeRequest(volume: 250))
        let litres = try await fixture.log(LogIntakeRequest(fluid: "Coffee", volume: 0.5, unit: "l"))
        let ounces = try await fixture.log(LogIntakeRequest(fluid: "milk", volume: 12, unit: "oz"))
        #expect(ml.fluid == "water" && ml.volumeMl == 250 && ml.waterMl == 250)
        #expect(litres.fluid == "coffee" && litres.volumeMl == 500 && litres.waterMl == 495)
        #expect(ounces.volumeMl == 354.882)
        #expect(ounces.waterMicrolitres == 312_296)

        // A later catalog change does not rewrite history.
        let custom: Fluid = try await fixture.client.call(
            MessageDescriptor.fluidsEdit.name, EditFluidRequest(name: "coffee", waterPercent: 50), idempotencyKey: UUID().uuidString)
        #expect(custom.custom)
        let list = try await fixture.client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), as: ListIntakesReply.self)
        #expect(list.intakes.first { $0.id == litres.id }?.waterMl == 495)
        let later = try await fixture.log(LogIntakeRequest(fluid: "coffee", volume: 100))
        #expect(later.waterMl == 50)

        let total = try await fixture.client.call(MessageDescriptor.intakeDayTotal.name, DayTotalRequest(), as: DayTotal.self)
        #expect(total.totalWaterMicrolitres == 250_000 + 495_000 + 312_296 + 50_000)
        #expect(total.count == 4)
        await fixture.close()
    }

    @Test("bad input is refused naming the field, and nothing stored changes", arguments: TestMode.selected)
    func badInput(mode: TestMode) async throws {
        let fixture = try await Fixture(mode, "bad")
        let kept = try await fixture.log(LogIntakeRequest(volume: 300))
        let cases: [(LogIntakeRequest, String, ErrorCode)] = [
            (LogIntakeRequest(volume: 0), "volume", .invalidArgument),
            (LogIntakeRequest(volume: -5), "volume", .invalidArgument),
            (LogIntakeRequest(volume: .nan), "volume", .invalidArgument),
            (LogIntakeRequest(volume: .infinity), "volume", .invalidArgument),
            (LogIntakeRequest(volume: 6000.5), "volume", .invalidArgument),
            (LogIntakeRequest(volume: 7, unit: "l"), "volume", .invalidArgument),
            (LogIntakeRequest(volume: 250, unit: "cups"), "unit", .invalidArgument),
            (LogIntakeRequest(fluid: "lava", volume: 250), "fluid", .notFound),
            (LogIntakeRequest(volume: 250, at: Date().addingTimeInterval(600)), "at", .invalidArgument),
            (LogIntakeRequest(volume: 250, at: Date(timeIntervalSince1970: 0)), "at", .invalidArgument),
        ]
        for (request, field, code) in cases {
            do {
                _ = try await fixture.log(request)
                Issue.record("accepted \(request)")
            } catch let error as QuenchError {
                #expect(error.code == code, "\(request): \(error)")
                #expect(error.field == field, "\(request): \(error)")
            }
        }
        // The edge of the rule is allowed: exactly 6000 mL, and 4 minutes ahead.
        _ = try await fixture.log(LogIntakeRequest(volume: 6000))
        _ = try await fixture.log(LogIntakeRequest(volume: 1, at: Date().addingTimeInterval(240)))

        // Someone else's intake and a missing one are both not found; nothing changes.
        let other = try fixture.client(user: "bob")
        for id in [kept.id, "0000000000000000"] {
            do {
                let _: IntakeRecord = try await other.call(
                    MessageDescriptor.intakeEdit.name, EditIntakeRequest(id: id, volume: 1), idempotencyKey: UUID().uuidString)
                Issue.record("edited \(id) as bob")
            } catch let error as QuenchError {
                #expect(error.code == .notFound && error.field == "id")
            }
            do {
                let _: DeleteIntakeReply = try await other.call(
                    MessageDescriptor.intakeDelete.name, DeleteIntakeRequest(id: id), idempotencyKey: UUID().uuidString)
                Issue.record("deleted \(id) as bob")
            } catch let error as QuenchError {
                #expect(error.code == .notFound)
            }
        }
        // A bad day and a bad range name their field.
        do {
            _ = try await fixture.client.call(MessageDescriptor.intakeList.name, ["day": "2026-02-30"], as: ListIntakesReply.self)
            Issue.record("accepted Feb 30")
        } catch let error as QuenchError {
            #expect(error.code == .invalidArgument && error.field == "day")
            #expect(error.message == "must be a date YYYY-MM-DD, got '2026-02-30'")
        }
        do {
            _ = try await fixture.client.call(MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay("2026-01-02")!, to: LocalDay("2026-01-01")!), as: TotalsReply.self)
            Issue.record("accepted a reversed range")
        } catch let error as QuenchError {
            #expect(error.field == "to")
        }
        let list = try await fixture.client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), as: ListIntakesReply.self)
        #expect(list.intakes.first { $0.id == kept.id }?.volumeMl == 300)
        await other.close()
        await fixture.close()
    }

    @Test("edit and delete, past days included; events carry before and after", arguments: TestMode.selected)
    func editAndDelete(mode: TestMode) async throws {
        let fixture = try await Fixture(mode, "edit")
        let lastWeek = Date().addingTimeInterval(-7 * 86_400)
        let record = try await fixture.log(LogIntakeRequest(fluid: "tea", volume: 200, at: lastWeek))
        let edited: IntakeRecord = try await fixture.client.call(
            MessageDescriptor.intakeEdit.name, EditIntakeRequest(id: record.id, fluid: "juice", volume: 0.3, unit: "l"),
            idempotencyKey: UUID().uuidString)
        #expect(edited.fluid == "juice" && edited.volumeMl == 300 && edited.waterMl == 264 && edited.day == record.day)
        let moved: IntakeRecord = try await fixture.client.call(
            MessageDescriptor.intakeEdit.name, EditIntakeRequest(id: record.id, at: Date()), idempotencyKey: UUID().uuidString)
        #expect(moved.day != record.day)
        let old = try await fixture.client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(day: LocalDay(record.day)!), as: ListIntakesReply.self)
        #expect(old.intakes.isEmpty)
        let gone: DeleteIntakeReply = try await fixture.client.call(
            MessageDescriptor.intakeDelete.name, DeleteIntakeRequest(id: record.id), idempotencyKey: UUID().uuidString)
        #expect(gone.deleted)
        let since: EventsSinceReply = try await fixture.client.call(MessageDescriptor.eventsSince.name, EventsSinceRequest(after: 0))
        let types = try since.events.map { try $0.decode(Envelope.self).type }
        #expect(types == [EventDescriptor.intakeLogged.name, EventDescriptor.intakeUpdated.name, EventDescriptor.intakeUpdated.name, EventDescriptor.intakeDeleted.name])
        let update = try since.events[1].decode(Envelope.self).decodeBody(IntakeEventBody.self)
        #expect(update.previous?.fluid == "tea" && update.intake.fluid == "juice")
        await fixture.close()
    }

    @Test("local days follow the user's zone, across a DST change", arguments: TestMode.selected)
    func daysAcrossDST(mode: TestMode) async throws {
        let fixture = try await Fixture(mode, "dst", timeZone: "America/New_York")
        func instant(_ text: String) -> Date {
            ISO8601DateFormatter().date(from: text)!
        }
        // 2026-03-08 is the spring-forward day in New York (a 23-hour day).
        let beforeMidnight = try await fixture.log(LogIntakeRequest(volume: 100, at: instant("2026-03-08T04:59:00Z")))
        let afterMidnight = try await fixture.log(LogIntakeRequest(volume: 200, at: instant("2026-03-08T05:00:00Z")))
        let lateOnDSTDay = try await fixture.log(LogIntakeRequest(volume: 300, at: instant("2026-03-09T03:59:00Z")))
        let nextDay = try await fixture.log(LogIntakeRequest(volume: 400, at: instant("2026-03-09T04:00:00Z")))
        #expect(beforeMidnight.day == "2026-03-07")
        #expect(afterMidnight.day == "2026-03-08")
        #expect(lateOnDSTDay.day == "2026-03-08")
        #expect(nextDay.day == "2026-03-09")
        let totals: TotalsReply = try await fixture.client.call(MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay("2026-03-06")!, to: LocalDay("2026-03-09")!))
        #expect(totals.days.map(\.day.description) == ["2026-03-06", "2026-03-07", "2026-03-08", "2026-03-09"])
        #expect(totals.days.map(\.totalWaterMl) == [0, 100, 500, 400])

        // The same instant seen from Kolkata (+05:30) is another day.
        let kolkata = try fixture.client(user: "ana", timeZone: "Asia/Kolkata")
        let there: IntakeRecord = try await kolkata.call(
            MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 50, at: instant("2026-03-08T19:00:00Z")), idempotencyKey: UUID().uuidString)
        #expect(there.day == "2026-03-09" && there.timeZone == "Asia/Kolkata")
        await kolkata.close()
        await fixture.close()
    }

    @Test("thousands of entries sum exactly", arguments: TestMode.selected)
    func exactTotals(mode: TestMode) async throws {
        let fixture = try await Fixture(mode, "exact")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3000 {
                group.addTask { _ = try await fixture.log(LogIntakeRequest(fluid: "soda", volume: 0.1, unit: "oz")) }
            }
            try await group.waitForAll()
        }
        let total = try await fixture.client.call(MessageDescriptor.intakeDayTotal.name, DayTotalRequest(), as: DayTotal.self)
        // 0.1 fl oz = 2957.35 µL → 2957 µL; 89 % → 2632 µL (half up: 2631.73 → 2632).
        #expect(total.count == 3000)
        #expect(total.totalWaterMicrolitres == 3000 * 2632)
        await fixture.close()
    }

    @Test("export and erase one user's data, leaving others'", arguments: TestMode.selected)
    func exportAndErase(mode: TestMode) async throws {
        let fixture = try await Fixture(mode, "erase")
        _ = try await fixture.log(LogIntakeRequest(volume: 100))
        let _: Fluid = try await fixture.client.call(
            MessageDescriptor.fluidsAdd.name, AddFluidRequest(name: "Kombucha", waterPercent: 97.5), idempotencyKey: UUID().uuidString)
        let bob = try fixture.client(user: "bob")
        let _: IntakeRecord = try await bob.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 100), idempotencyKey: UUID().uuidString)
        let export: IntakeExport = try await fixture.client.call(MessageDescriptor.intakeExport.name, UserDataRequest())
        #expect(export.intakes.count == 1 && export.fluids.map(\.name) == ["kombucha"])
        let erased: EraseReply = try await fixture.client.call(MessageDescriptor.intakeErase.name, UserDataRequest(), idempotencyKey: UUID().uuidString)
        #expect(erased.deleted == ["intakes": 1, "fluids": 1])
        let after: IntakeExport = try await fixture.client.call(MessageDescriptor.intakeExport.name, UserDataRequest())
        #expect(after.intakes.isEmpty && after.fluids.isEmpty)
        let bobs: IntakeExport = try await bob.call(MessageDescriptor.intakeExport.name, UserDataRequest())
        #expect(bobs.intakes.count == 1)
        await bob.close()
        await fixture.close()
    }

    @Test("a retry with the same idempotency key returns the stored reply and stores nothing new", arguments: TestMode.selected)
    func idempotentRetry(mode: TestMode) async throws {
        let fixture = try await Fixture(mode, "idem")
        let client = try fixture.client(user: "ana")
        let first = try await client.call(
            MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 330), as: IntakeRecord.self, idempotencyKey: "k-1")
        let second = try await client.call(
            MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 330), as: IntakeRecord.self, idempotencyKey: "k-1")
        #expect(first == second)
        let list = try await client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), as: ListIntakesReply.self)
        #expect(list.intakes.count == 1)
        // The same key for another type is a conflict, not a silent replay.
        await #expect(throws: QuenchError.self) {
            _ = try await client.call(
                MessageDescriptor.intakeDelete.name, DeleteIntakeRequest(id: first.id), as: DeleteIntakeReply.self, idempotencyKey: "k-1")
        }
        // A command without a key is refused, naming the field.
        do {
            _ = try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 1), as: IntakeRecord.self)
            Issue.record("a command without an idempotency key was accepted")
        } catch let error as QuenchError {
            #expect(error.code == .invalidArgument)
            #expect(error.field == "idempotencyKey")
        }
        await fixture.close()
    }
}
