import Foundation
import GRDB
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing

/// Health events reaching the services that consume them: goals (a real `quench-goals`
/// following a real `quench-health-ingest`) and intake (`health.water.recorded`, checked
/// through `events.since`: once per new sample, never for a duplicate; an import's water and
/// weights in batch events).
@Suite("Health events reach their consumers", .serialized)
struct HealthConsumersEndToEndTests {
    @Test("a weight recorded in health-ingest reaches goals: the auto goal follows it")
    func weightReachesGoals() async throws {
        let fixture = try await HealthFixture("weight-goals")
        let (goals, goalsClient) = try fixture.follower("goals", clientTimeZone: "Europe/Berlin")

        try await fixture.grant(.bodyMass)
        let weight: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 80, unit: "kg"))
        let followed = try await eventually {
            let goal = try await goalsClient.call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self)
            return goal.source == "auto" && goal.weightKg == weight.weightKg
        }
        let goal = try await goalsClient.call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self)
        #expect(followed, "goal: \(goal)\n\(goals.logTail())")

        // A newer weight moves it; an older one (measured before) does not.
        let _: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 60, unit: "kg"))
        #expect(try await eventually { try await goalsClient.call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self).weightKg == 60 })
        let _: WeightReply = try await fixture.command(
            MessageDescriptor.weightAdd.name, AddWeightRequest(value: 100, unit: "kg", at: Date().addingTimeInterval(-86_400)))
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await goalsClient.call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self).weightKg == 60)

        // Forty weights goals missed while it was down come back in one catch-up page, which
        // goals applies as one run: the goal follows the newest, in one goal.changed.
        let changesBefore = try await goalChanges(goalsClient)
        #expect(changesBefore.map(\.weightKg) == [80, 60], "\(changesBefore)")
        goals.stop()
        // Measured after the 60 kg (added over half a second ago), 10 ms apart, none in the future.
        let first = Date().timeIntervalSince1970 - 0.45
        let weights = (0..<40).map { index in
            SampleInput(type: "body-mass", value: index == 39 ? 70 : 61 + Double(index % 20), unit: "kg",
                        start: Date(timeIntervalSince1970: first + Double(index) * 0.01))
        }
        let added: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: weights))
        #expect(added.samples.count == 40 && added.duplicates == 0)
        try goals.start()
        #expect(try await eventually { try await goalsClient.call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self).weightKg == 70 })
        let changes = try await goalChanges(goalsClient)
        #expect(changes.count == changesBefore.count + 1, "\(changes)")
        #expect(changes.last?.oldGoalMl == changesBefore.last?.newGoalMl && changes.last?.weightKg == 70)

        await goalsClient.close()
        goals.stop()
        await fixture.close()
    }

    /// goals' `goal.changed` events so far, through `events.since`.
    private func goalChanges(_ client: TestClient) async throws -> [GoalChangedBody] {
        let page = try await client.call(MessageDescriptor.eventsSince.name, EventsSinceRequest(after: 0, limit: 1000), as: EventsSinceReply.self)
        return try page.events.map { try $0.decode(Envelope.self) }
            .filter { $0.type == EventDescriptor.goalChanged.name }
            .map { try $0.decodeBody(GoalChangedBody.self) }
    }

    @Test("an import announces its weights in one batch event per request; goals follows the newest by measuring time, with one goal.changed")
    func importedWeightsReachGoals() async throws {
        let fixture = try await HealthFixture("import-weights-goals", timeZone: "America/Los_Angeles")
        let (goals, goalsClient) = try fixture.follower("goals", clientTimeZone: "America/Los_Angeles")
        try await fixture.grant(.bodyMass)
        let xml = HealthFixture.sampleData.appendingPathComponent("export.xml").path
        #expect(try fixture.quench(["import", "apple-health", xml]).status == 74)  // the sample export's 3 unreadable records: imported the rest, exit 74
        let batches = try await fixture.events(EventDescriptor.healthWeightBatchRecorded.name, as: WeightBatchRecordedBody.self)
        #expect(batches.count == 1 && batches.first?.samples.count == 3, "\(batches)")
        // The newest of the export's three weights: 72.1 kg, measured 2025-10-13.
        let followed = try await eventually {
            try await goalsClient.call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self).weightKg == 72.1
        }
        #expect(followed, "\(goals.logTail())")
        #expect(try await goalChanges(goalsClient).map(\.weightKg) == [72.1])
        await goalsClient.close()
        goals.stop()
        await fixture.close()
    }

    @Test("an import's water: batch events of at most 500 samples, one intake per sample, one intake.batch-logged per batch and none again on a re-import")
    func importedWaterInBatches() async throws {
        let fixture = try await HealthFixture("water-batches", timeZone: "UTC")
        let (intake, intakeClient) = try fixture.follower("intake", clientTimeZone: "UTC")
        try await fixture.grant(.dietaryWater)
        // 1,100 glasses of 100 mL, ten minutes apart from 2025-10-01 00:00 UTC: one import.batch.
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>\#n<HealthData locale="en_US">\#n"#
        let first = Date(timeIntervalSince1970: 1_759_276_800)
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        for index in 0..<1_100 {
            let at = format.string(from: first.addingTimeInterval(Double(index) * 600))
            xml += #" <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="mL" startDate="\#(at)" endDate="\#(at)" value="100"/>\#n"#
        }
        xml += "</HealthData>\n"
        let file = fixture.service.dataDirectory.appendingPathComponent("water.xml")
        try Data(xml.utf8).write(to: file)
        let run = try fixture.quench(["import", "apple-health", file.path, "--json"], timeZone: "UTC")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.json()["imported"] as? Int == 1_100)

        let batches = try await fixture.events(EventDescriptor.healthWaterBatchRecorded.name, as: WaterBatchRecordedBody.self)
        #expect(batches.map(\.samples.count) == [500, 500, 100])
        #expect(Set(batches.flatMap(\.samples).map(\.sampleId)).count == 1_100)
        #expect(try await fixture.events(EventDescriptor.healthWaterRecorded.name, as: WaterRecordedBody.self).isEmpty)

        // 144 glasses a day: 2025-10-01 … 2025-10-07 full, 92 on 2025-10-08.
        let totals = { () async throws -> [Int64] in
            try await intakeClient.call(MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay("2025-10-01")!, to: LocalDay("2025-10-08")!), as: TotalsReply.self)
                .days.map(\.totalWaterMicrolitres)
        }
        let expected = Array(repeating: Int64(14_400_000), count: 7) + [9_200_000]
        let arrived = try await eventually { try await totals() == expected }
        let seen = try await totals()
        #expect(arrived, "intake totals \(seen)\n\(intake.logTail())")
        // The events were applied on intake's apply thread, 10 nice steps below its request writer,
        // which keeps the nice value intake started with (the test runner's, 0 unless it was niced).
        let threads = ThreadPriorities.of(intake.pid)
        let base = Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        #expect(threads.contains { $0.name == "quench-writer" && $0.nice == base }, "\(threads)")
        #expect(threads.contains { $0.name.hasPrefix("quench-apply-") && $0.nice == min(19, base + 10) }, "\(threads)")
        let intakeEvents = { () async throws -> [Envelope] in
            let page = try await intakeClient.call(MessageDescriptor.eventsSince.name, EventsSinceRequest(after: 0, limit: 1000), as: EventsSinceReply.self)
            return try page.events.map { try $0.decode(Envelope.self) }
        }
        let logged = try await intakeEvents()
        #expect(logged.map(\.type) == Array(repeating: EventDescriptor.intakeBatchLogged.name, count: 3))
        let made = try logged.map { try $0.decodeBody(IntakeBatchBody.self) }
        #expect(made.map(\.intakes.count) == [500, 500, 100])
        #expect(made.allSatisfy { $0.user == "ana" && $0.intakes.allSatisfy { $0.user == "ana" && $0.source == "apple-health" && $0.waterMl == 100 } })

        // A re-import is all duplicates: no water event, so no intake and no intake event.
        let again = try fixture.quench(["import", "apple-health", file.path, "--json"], timeZone: "UTC")
        #expect(try again.json()["duplicates"] as? Int == 1_100)
        try await Task.sleep(for: .milliseconds(500))
        #expect(try await fixture.events(EventDescriptor.healthWaterBatchRecorded.name, as: WaterBatchRecordedBody.self).count == 3)
        #expect(try await intakeEvents().count == 3)
        #expect(try await totals() == expected)

        await intakeClient.close()
        intake.stop()
        await fixture.close()
    }

    @Test("imported water reaches a real intake following health-ingest: once, also after a re-import; gone after revoke with delete")
    func waterReachesIntake() async throws {
        let fixture = try await HealthFixture("water-intake", timeZone: "America/Los_Angeles")
        let (intake, intakeClient) = try fixture.follower("intake", clientTimeZone: "America/Los_Angeles")
        let totals = { () async throws -> [Int64] in
            try await intakeClient.call(MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay("2025-10-11")!, to: LocalDay("2025-10-12")!), as: TotalsReply.self)
                .days.map(\.totalWaterMicrolitres)
        }

        try await fixture.grant(.dietaryWater)
        let xml = HealthFixture.sampleData.appendingPathComponent("export.xml").path
        #expect(try fixture.quench(["import", "apple-health", xml]).status == 74)  // the sample export's 3 unreadable records: imported the rest, exit 74
        // Both days: the 8 fl oz of the 12th is applied after the 11th's two glasses.
        let arrived = try await eventually {
            let days = try await totals()
            return days[0] == 750_000 && days[1] > 0
        }
        let afterImport = try await totals()
        #expect(arrived, "intake totals \(afterImport)\n\(intake.logTail())")
        #expect((236_000...237_000).contains(afterImport[1]))

        #expect(try fixture.quench(["import", "apple-health", xml]).status == 74)  // the sample export's 3 unreadable records: imported the rest, exit 74
        try await Task.sleep(for: .milliseconds(700))
        #expect(try await totals() == afterImport)

        // Every water event delivered again (intake's cursor wound back while it was down):
        // the intakes are keyed by sample, so nothing is added.
        intake.stop()
        let database = try DatabaseQueue(path: intake.databasePath)
        let head = try await database.write { db -> Int64 in
            let head = try Int64.fetchOne(db, sql: "SELECT seq FROM runtime_cursor WHERE publisher = 'health-ingest'") ?? 0
            try db.execute(sql: "UPDATE runtime_cursor SET seq = 0 WHERE publisher = 'health-ingest'")
            return head
        }
        try database.close()
        #expect(head > 0)
        try intake.start()
        let replayed = try await eventually {
            try await DatabaseQueue(path: intake.databasePath).read { db in
                try Int64.fetchOne(db, sql: "SELECT seq FROM runtime_cursor WHERE publisher = 'health-ingest'") ?? 0
            } >= head
        }
        #expect(replayed)
        #expect(try await totals() == afterImport)

        try await fixture.revoke(.dietaryWater, deleteData: true)
        #expect(try await eventually { try await totals() == [0, 0] })

        await intakeClient.close()
        intake.stop()
        await fixture.close()
    }
}
