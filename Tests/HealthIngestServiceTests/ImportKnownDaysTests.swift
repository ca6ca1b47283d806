import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// `import.known-days` through health-ingest's real handlers: a day is known only when every
/// strength set of it is stored, and its sets count as the job's duplicates.
@Suite("Import known days")
struct ImportKnownDaysTests {
    private static func set(_ day: String, _ exercise: String, reps: Int, weight: Double, occurrence: Int = 0) -> SampleInput {
        SampleInput(type: "strength", value: weight, unit: "lb", source: "workout log", day: day, exercise: exercise,
                    sets: 1, reps: reps, occurrence: occurrence)
    }

    /// The digest a client gives: the wrapping sum of the sets' identities.
    private static func digest(_ sets: [SampleInput]) -> ImportDayDigest {
        var identity = SampleIdentity()
        var sum: Int64 = 0
        for set in sets {
            sum &+= identity.strength(
                day: set.day ?? "", exercise: set.exercise ?? "", sets: set.sets ?? 0, reps: set.reps ?? 0, weight: set.value,
                unit: set.unit, occurrence: set.occurrence ?? 0)
        }
        return ImportDayDigest(day: sets.first?.day ?? "", sets: sets.count, digest: sum)
    }

    @Test("a day is known only when all its stored sets are the client's; known sets are the job's duplicates; bad requests name the field", arguments: TestMode.selected)
    func knownDays(mode: TestMode) async throws {
        let fixture = try await HealthFixture("known-days", mode: mode, timeZone: "Europe/Berlin")
        _ = try await fixture.grant(.workouts)
        let whole = [Self.set("2020-10-11", "Back Squat", reps: 10, weight: 45), Self.set("2020-10-11", "Back Squat", reps: 10, weight: 45, occurrence: 1),
                     Self.set("2020-10-11", "Bench Press", reps: 5, weight: 135)]
        let partly = [Self.set("2020-10-12", "Deadlift", reps: 5, weight: 225), Self.set("2020-10-12", "Deadlift", reps: 3, weight: 245)]
        let changed = [Self.set("2020-10-13", "Row", reps: 8, weight: 95)]
        let first: ImportJob = try await fixture.command(MessageDescriptor.importBegin.name, ImportBeginRequest(kind: "workouts"))
        let stored: ImportBatchReply = try await fixture.command(
            MessageDescriptor.importBatch.name, ImportBatchRequest(jobId: first.jobId, samples: whole + [partly[0]] + changed))
        #expect(stored.imported == 5)
        let _: ImportJob = try await fixture.command(MessageDescriptor.importFinish.name, ImportFinishRequest(jobId: first.jobId))

        let second: ImportJob = try await fixture.command(MessageDescriptor.importBegin.name, ImportBeginRequest(kind: "workouts"))
        var heavier = changed
        heavier[0].value = 100
        let asked = ImportKnownDaysRequest(jobId: second.jobId, days: [
            Self.digest(whole), Self.digest(partly), Self.digest(heavier), Self.digest([Self.set("2020-10-14", "Row", reps: 8, weight: 95)]),
        ])
        let reply: ImportKnownDaysReply = try await fixture.command(MessageDescriptor.importKnownDays.name, asked)
        #expect(reply == ImportKnownDaysReply(known: ["2020-10-11"], duplicates: 3))
        // The days not known are sent as ever: one set new on a day partly stored, the changed set new.
        let rest: ImportBatchReply = try await fixture.command(
            MessageDescriptor.importBatch.name, ImportBatchRequest(jobId: second.jobId, samples: partly + heavier))
        #expect(rest.imported == 2 && rest.duplicates == 1)
        let finished: ImportJob = try await fixture.command(MessageDescriptor.importFinish.name, ImportFinishRequest(jobId: second.jobId))
        #expect(finished.imported == 2 && finished.duplicates == 4)
        #expect(finished.byType["strength"] == TypeCounts(imported: 2, duplicates: 4))

        let third: ImportJob = try await fixture.command(MessageDescriptor.importBegin.name, ImportBeginRequest(kind: "workouts"))
        let twice = ImportKnownDaysRequest(jobId: third.jobId, days: [Self.digest(whole), Self.digest(whole)])
        await expectHealthError(.invalidArgument, field: "days[1].day") {
            let _: ImportKnownDaysReply = try await fixture.command(MessageDescriptor.importKnownDays.name, twice)
        }
        var none = Self.digest(whole)
        none.sets = 0
        await expectHealthError(.invalidArgument, field: "days[0].sets") {
            let _: ImportKnownDaysReply = try await fixture.command(
                MessageDescriptor.importKnownDays.name, ImportKnownDaysRequest(jobId: third.jobId, days: [none]))
        }
        let many = (0...ImportKnownDaysRequest.maxDays).map { ImportDayDigest(day: LocalDay(ordinal: 18_000 + $0).description, sets: 1, digest: 0) }
        await expectHealthError(.invalidArgument, field: "days") {
            let _: ImportKnownDaysReply = try await fixture.command(
                MessageDescriptor.importKnownDays.name, ImportKnownDaysRequest(jobId: third.jobId, days: many))
        }
        await expectHealthError(.failedPrecondition, field: "jobId") {
            let _: ImportKnownDaysReply = try await fixture.command(
                MessageDescriptor.importKnownDays.name, ImportKnownDaysRequest(jobId: first.jobId, days: [Self.digest(whole)]))
        }
        // Without the consent no day is known.
        _ = try await fixture.revoke(.workouts)
        let revoked: ImportKnownDaysReply = try await fixture.command(
            MessageDescriptor.importKnownDays.name, ImportKnownDaysRequest(jobId: third.jobId, days: [Self.digest(whole)]))
        #expect(revoked.known.isEmpty && revoked.duplicates == 0)
        await fixture.close()
    }
}
