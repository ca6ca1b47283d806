import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// `quench consent …`, `quench weight …` and the import commands' output, run as the built
/// binary against the real health-ingest executable.
@Suite("CLI health", .serialized)
struct CLIHealthTests {
    @Test("consent list, grant, revoke --delete-data with --json and for people; bad types are usage errors")
    func consent() async throws {
        let fixture = try await HealthFixture("cli-consent")
        let initial = try fixture.quench(["consent", "--json"]).json()
        let consents = try #require(initial["consents"] as? [[String: Any]])
        #expect(consents.compactMap { $0["type"] as? String } == ConsentType.allCases.map(\.rawValue))
        #expect(consents.allSatisfy { $0["granted"] as? Bool == false })

        let granted = try fixture.quench(["consent", "grant", "steps", "body-mass", "--json"]).json()
        let states = (granted["consents"] as? [[String: Any]]) ?? []
        #expect(states.filter { $0["granted"] as? Bool == true }.compactMap { $0["type"] as? String } == ["steps", "body-mass"])
        #expect(states.first { $0["type"] as? String == "steps" }?["since"] is String)

        let human = try fixture.quench(["consent"])
        #expect(human.status == 0 && human.stdout.contains("body-mass") && human.stdout.contains("granted"), "\(human.stdout)")

        #expect(try fixture.quench(["weight", "add", "70", "--unit", "kg"]).status == 0)
        let revoked = try fixture.quench(["consent", "revoke", "body-mass", "--delete-data", "--json"]).json()
        #expect((revoked["deleted"] as? [String: Int]) == ["body-mass": 1])

        let bad = try fixture.quench(["consent", "grant", "heart-rate"])
        #expect(bad.status == 64 && bad.stderr.contains("heart-rate"), "\(bad.stderr)")
        await fixture.close()
    }

    @Test("weight add and weight with --json and for people; refused without consent naming it; 700 kg refused")
    func weight() async throws {
        let fixture = try await HealthFixture("cli-weight")
        let refused = try fixture.quench(["weight", "add", "70", "--unit", "kg"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("consent 'body-mass' is not granted; run: quench consent grant body-mass"), "\(refused.stderr)")
        try await fixture.grant(.bodyMass)

        let added = try fixture.quench(["weight", "add", "160", "--unit", "lb", "--at", "2026-11-20T07:30:00Z", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let body = try added.json()
        #expect(abs((body["weightKg"] as? Double ?? 0) - 72.5747792) < 1e-6)
        #expect(body["at"] as? String == "2026-11-20T07:30:00Z")

        let latest = try fixture.quench(["weight", "--json"]).json()
        #expect(latest["weightKg"] as? Double == body["weightKg"] as? Double && latest["at"] as? String == "2026-11-20T07:30:00Z")
        let human = try fixture.quench(["weight"], timeZone: "UTC")
        #expect(human.stdout.contains("72.6 kg (160 lb), measured 2026-11-20 07:30"), "\(human.stdout)")

        let heavy = try fixture.quench(["weight", "add", "700", "--unit", "kg", "--json"])
        #expect(heavy.status == 65)
        let error = try JSONSerialization.jsonObject(with: Data(heavy.stderr.utf8)) as? [String: [String: Any]]
        #expect(error?["error"]?["code"] as? String == "invalid_argument" && error?["error"]?["field"] as? String == "value")
        #expect(try fixture.quench(["weight", "add", "-3", "--unit", "kg"]).status == 64)
        await fixture.close()
    }

    @Test("import for people: a summary with types and reasons; no progress bar when stdout is not a terminal")
    func importSummary() async throws {
        let fixture = try await HealthFixture("cli-import", timeZone: "America/Los_Angeles")
        try await fixture.grant(.steps, .bodyMass)
        let run = try fixture.quench(["import", "apple-health", HealthFixture.sampleData.appendingPathComponent("export.zip").path])
        #expect(run.status == 74 && run.stderr.contains("3 records of imported types could not be read"), "\(run.stderr)")
        #expect(run.stdout.contains("Also in the file, not imported: 1 ActivitySummary, 1 Correlation\n"), "\(run.stdout)")
        // The workout is read as a record of its own, skipped here without the workouts consent.
        #expect(run.stdout.hasPrefix("Imported 11 of 30 records (0 duplicates, 19 skipped)"), "\(run.stdout)")
        #expect(run.stdout.contains("no-consent") && run.stdout.contains("value-out-of-range") && run.stdout.contains("other-type"))
        #expect(!run.stdout.contains("\r") && !run.stdout.contains("█"))
        await fixture.close()
    }
}
