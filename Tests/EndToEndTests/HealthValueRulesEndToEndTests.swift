import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// One rule per value (ValueRules), enforced where data enters: whatever health-ingest
/// accepts — through the CLI, `samples.add`, `weight.add` or an import — reaches goals and
/// intake; whatever they would drop is refused (a request) or counted as skipped (an import).
/// Before the shared rules, 0.0001 kg was accepted and dropped by goals, and 6–10 L of water
/// accepted and dropped by intake.
@Suite("Health value rules end to end", .serialized)
struct HealthValueRulesEndToEndTests {
    static let zone = "America/Los_Angeles"

    /// An export with a weight and a water record on each side of the rule.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2025-10-11 07:00:00 -0700" endDate="2025-10-11 07:00:00 -0700" value="0.3"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2025-10-11 08:00:00 -0700" endDate="2025-10-11 08:00:00 -0700" value="0.6"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="L" startDate="2025-10-11 09:00:00 -0700" endDate="2025-10-11 09:00:00 -0700" value="7"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="L" startDate="2025-10-11 10:00:00 -0700" endDate="2025-10-11 10:00:00 -0700" value="5.5"/>
        </HealthData>
        """

    @Test("CLI, weight.add, samples.add and an import refuse what goals or intake would drop; all they accept arrives")
    func everyPath() async throws {
        let fixture = try await HealthFixture("value-rules", timeZone: Self.zone)
        let (goals, goalsClient) = try fixture.follower("goals", clientTimeZone: Self.zone)
        let (intake, intakeClient) = try fixture.follower("intake", clientTimeZone: Self.zone)
        try await fixture.grant(.bodyMass, .dietaryWater)

        // The CLI: refused by health-ingest, naming the field and the rule; nothing stored.
        let tiny = try fixture.quench(["weight", "add", "0.0001", "--unit", "kg"])
        #expect(tiny.status == 65 && tiny.stderr.contains("value") && tiny.stderr.contains("0.5 to 500 kg"), "\(tiny.stdout) \(tiny.stderr)")
        // weight.add and samples.add: the same rule.
        await expectHealthError(.invalidArgument, field: "value") {
            let _: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 0.49, unit: "kg"))
        }
        let hourAgo = Date().addingTimeInterval(-3600)
        await expectHealthError(.invalidArgument, field: "samples[0].value") {
            let _: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: [
                SampleInput(type: "dietary-water", value: 6000.5, unit: "mL", start: hourAgo),
            ]))
        }
        #expect(try await fixture.allSamples().isEmpty)

        // The edges are accepted, and arrive.
        let edgeWeight: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 0.5, unit: "kg", at: hourAgo))
        #expect(edgeWeight.weightKg == 0.5)
        let _: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: [
            SampleInput(type: "dietary-water", value: 6000, unit: "mL", start: hourAgo),
        ]))
        let today = LocalDay(instant: hourAgo, timeZone: TimeZone(identifier: Self.zone)!).description
        let waterToday = try await eventually {
            try await intakeClient.call(MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay(today)!, to: LocalDay(today)!), as: TotalsReply.self)
                .days.first?.totalWaterMicrolitres == 6_000_000
        }
        #expect(waterToday, "\(intake.logTail())")
        let weighed = try await eventually {
            try await goalsClient.call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self).weightKg == 0.5
        }
        #expect(weighed, "\(goals.logTail())")

        // An import: the out-of-range records are skipped and counted, the rest arrives.
        let file = fixture.service.dataDirectory.appendingPathComponent("edges.xml")
        try Data(Self.export.utf8).write(to: file)
        let run = try fixture.quench(["import", "apple-health", file.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try run.json()
        #expect(report["imported"] as? Int == 2 && report["skipped"] as? Int == 2, "\(report)")
        #expect((report["skippedByReason"] as? [String: Int])?["value-out-of-range"] == 2, "\(report)")
        let imported = try await eventually {
            try await intakeClient.call(MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay("2025-10-11")!, to: LocalDay("2025-10-11")!), as: TotalsReply.self)
                .days.first?.totalWaterMicrolitres == 5_500_000
        }
        #expect(imported, "\(intake.logTail())")
        // Goals and intake skipped no event of health-ingest's: nothing accepted was dropped.
        for client in [goalsClient, intakeClient] {
            let caughtUp = try await eventually {
                let health = try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
                return health.subscriptions.first { $0.publisher == ServiceName.healthIngest }.map { $0.lag == 0 } ?? false
            }
            let health = try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
            let subscription = health.subscriptions.first { $0.publisher == ServiceName.healthIngest }
            #expect(caughtUp && subscription?.skipped == 0, "\(health.service): \(String(describing: subscription))")
        }

        await goalsClient.close()
        await intakeClient.close()
        goals.stop()
        intake.stop()
        await fixture.close()
    }
}

extension HealthValueRulesEndToEndTests {
    /// Water a hair over 6 L: intake's own `intake.log` judges the volume as sent and refuses
    /// 6000.0004 mL; health-ingest must not accept it either (it once rounded to whole µL first,
    /// so `samples.add` and an import took 6000.0004 mL and 6.0000004 L — two rules for one value).
    static let overSixLitres = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="L" startDate="2025-10-12 09:00:00 -0700" endDate="2025-10-12 09:00:00 -0700" value="6.0000004"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="mL" startDate="2025-10-12 10:00:00 -0700" endDate="2025-10-12 10:00:00 -0700" value="6000.0004"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="L" startDate="2025-10-12 11:00:00 -0700" endDate="2025-10-12 11:00:00 -0700" value="6"/>
        </HealthData>
        """

    @Test("water just over 6 L as sent: intake.log, samples.add and an import all refuse it; exactly 6 L passes all three")
    func waterEdgeOneRule() async throws {
        let fixture = try await HealthFixture("value-rules-water-edge", timeZone: Self.zone)
        let (intake, intakeClient) = try fixture.follower("intake", clientTimeZone: Self.zone)
        try await fixture.grant(.dietaryWater)
        let hourAgo = Date().addingTimeInterval(-3600)

        // intake's own door.
        await expectHealthError(.invalidArgument, field: "volume") {
            let _: IntakeRecord = try await intakeClient.call(
                MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 6000.0004, at: hourAgo), idempotencyKey: UUID().uuidString)
        }
        // health-ingest's: the same answer for the same value.
        for (value, unit) in [(6000.0004, "mL"), (6.0000004, "L")] {
            await expectHealthError(.invalidArgument, field: "samples[0].value") {
                let _: AddSamplesReply = try await fixture.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: [
                    SampleInput(type: "dietary-water", value: value, unit: unit, start: hourAgo),
                ]))
            }
        }
        #expect(try await fixture.allSamples().isEmpty)

        let file = fixture.service.dataDirectory.appendingPathComponent("over-six-litres.xml")
        try Data(Self.overSixLitres.utf8).write(to: file)
        let run = try fixture.quench(["import", "apple-health", file.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try run.json()
        #expect(report["imported"] as? Int == 1, "\(report)")
        #expect((report["skippedByReason"] as? [String: Int])?["value-out-of-range"] == 2, "\(report)")
        let arrived = try await eventually {
            try await intakeClient.call(MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay("2025-10-12")!, to: LocalDay("2025-10-12")!), as: TotalsReply.self)
                .days.first?.totalWaterMicrolitres == 6_000_000
        }
        #expect(arrived, "\(intake.logTail())")

        await intakeClient.close()
        intake.stop()
        await fixture.close()
    }
}

extension HealthValueRulesEndToEndTests {
    /// A phone set to stones and imperial cups and pints exports its weights and water in them;
    /// they were once skipped as unknown-unit by the Apple Health import while the Health Auto
    /// Export reader converted the same units.
    static let imperialUnits = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_GB">
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="st" startDate="2025-10-13 07:00:00 +0100" endDate="2025-10-13 07:00:00 +0100" value="11.5"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="cup_imp" startDate="2025-10-13 09:00:00 +0100" endDate="2025-10-13 09:00:00 +0100" value="2"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="pt_imp" startDate="2025-10-13 12:00:00 +0100" endDate="2025-10-13 12:00:00 +0100" value="1"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="cup_us" startDate="2025-10-13 15:00:00 +0100" endDate="2025-10-13 15:00:00 +0100" value="26"/>
         <Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Waterllama" unit="gal" startDate="2025-10-13 16:00:00 +0100" endDate="2025-10-13 16:00:00 +0100" value="1"/>
        </HealthData>
        """

    @Test("stone, imperial cups and pints are read with exact factors and reach goals and intake; 26 US cups (6.15 L) and gallons are skipped by reason")
    func imperialUnitsArrive() async throws {
        let fixture = try await HealthFixture("value-rules-imperial", timeZone: "Europe/London")
        let (goals, goalsClient) = try fixture.follower("goals", clientTimeZone: "Europe/London")
        let (intake, intakeClient) = try fixture.follower("intake", clientTimeZone: "Europe/London")
        try await fixture.grant(.bodyMass, .dietaryWater)

        let file = fixture.service.dataDirectory.appendingPathComponent("imperial.xml")
        try Data(Self.imperialUnits.utf8).write(to: file)
        let run = try fixture.quench(["import", "apple-health", file.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try run.json()
        #expect(report["imported"] as? Int == 3 && report["skipped"] as? Int == 2, "\(report)")
        let reasons = report["skippedByReason"] as? [String: Int]
        #expect(reasons?["value-out-of-range"] == 1 && reasons?["unknown-unit"] == 1, "\(report)")

        // 2 imperial cups + 1 imperial pint = 568.26125 + 568.26125 mL, stored in whole µL.
        let water = try await eventually {
            try await intakeClient.call(MessageDescriptor.intakeTotals.name, TotalsRequest(from: LocalDay("2025-10-13")!, to: LocalDay("2025-10-13")!), as: TotalsReply.self)
                .days.first?.totalWaterMicrolitres == 1_136_522
        }
        #expect(water, "\(intake.logTail())")
        // 11.5 st = 73.02837157 kg.
        let weighed = try await eventually {
            let kg = try await goalsClient.call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self).weightKg
            return kg.map { abs($0 - 73.02837157) < 1e-6 } ?? false
        }
        #expect(weighed, "\(goals.logTail())")

        await goalsClient.close()
        await intakeClient.close()
        goals.stop()
        intake.stop()
        await fixture.close()
    }
}
