import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime
import QuenchTesting
import Testing

/// Consents, weights and their events through health-ingest's real handlers (in process;
/// the real executable too with `QUENCH_TEST_LIVE=1`). Moved from the end-to-end tests.
@Suite("Health consents and weights")
struct HealthConsentTests {
    @Test("a weight without body-mass consent is refused naming the consent; granted, it is stored, evented and latest", arguments: TestMode.selected)
    func weightNeedsConsent(mode: TestMode) async throws {
        let fixture = try await HealthFixture("weight-consent", mode: mode)
        let refused = await expectHealthError(.failedPrecondition) {
            let _: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 70, unit: "kg"))
        }
        #expect(refused?.message.contains("consent 'body-mass' is not granted; run: quench consent grant body-mass") == true)
        await expectHealthError(.failedPrecondition) {
            let _: WeightReply = try await fixture.query(MessageDescriptor.weightLatest.name, LatestWeightRequest())
        }

        let granted = try await fixture.grant(.bodyMass)
        #expect(granted.consents.first { $0.type == "body-mass" }?.granted == true)
        #expect(granted.consents.filter(\.granted).count == 1)
        await expectHealthError(.notFound) {
            let _: WeightReply = try await fixture.query(MessageDescriptor.weightLatest.name, LatestWeightRequest())
        }

        let measured = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 3 * 86_400).rounded())
        let older: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 160, unit: "lb", at: measured))
        #expect(abs(older.weightKg - 72.57477920) < 1e-6)
        let newer: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 71.5, unit: "kg"))
        // Added later but measured earlier: not the latest.
        let earliest: WeightReply = try await fixture.command(
            MessageDescriptor.weightAdd.name, AddWeightRequest(value: 90, unit: "kg", at: measured.addingTimeInterval(-86_400)))
        let again: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 160, unit: "lb", at: measured))
        #expect(again.duplicate == true && again.sampleId == older.sampleId)

        let latest: WeightReply = try await fixture.query(MessageDescriptor.weightLatest.name, LatestWeightRequest())
        #expect(latest.weightKg == 71.5 && latest.sampleId == newer.sampleId)

        let events = try await fixture.events(EventDescriptor.healthWeightRecorded.name, as: WeightRecordedBody.self)
        #expect(events.map(\.sampleId) == [older.sampleId, newer.sampleId, earliest.sampleId])
        #expect(events.first?.measuredAt == measured)
        #expect(events.allSatisfy { $0.user == "ana" && $0.source == "quench" })
        await fixture.close()
    }

    @Test("weights out of range or in the future are refused naming the field; nothing is stored", arguments: TestMode.selected)
    func weightRules(mode: TestMode) async throws {
        let fixture = try await HealthFixture("weight-rules", mode: mode)
        try await fixture.grant(.bodyMass)
        let cases: [(AddWeightRequest, String)] = [
            (AddWeightRequest(value: 700, unit: "kg"), "value"),
            (AddWeightRequest(value: 0, unit: "kg"), "value"),
            (AddWeightRequest(value: -3, unit: "lb"), "value"),
            (AddWeightRequest(value: .nan, unit: "kg"), "value"),
            (AddWeightRequest(value: 1200, unit: "lb"), "value"),
            (AddWeightRequest(value: 70, unit: "stone"), "unit"),
            (AddWeightRequest(value: 70, unit: "kg", at: Date().addingTimeInterval(3600)), "at"),
            (AddWeightRequest(value: 70, unit: "kg", at: Date(timeIntervalSince1970: 900_000_000)), "at"),
        ]
        for (request, field) in cases {
            await expectHealthError(.invalidArgument, field: field) {
                let _: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, request)
            }
        }
        let edge: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 500, unit: "kg"))
        #expect(edge.weightKg == 500)
        #expect(try await fixture.events(EventDescriptor.healthWeightRecorded.name, as: WeightRecordedBody.self).count == 1)
        await fixture.close()
    }

    @Test("grant and revoke publish consent changes; body-mass grant carries the newest weight; revoke with delete deletes", arguments: TestMode.selected)
    func consentEvents(mode: TestMode) async throws {
        let fixture = try await HealthFixture("consent-events", mode: mode)
        await expectHealthError(.invalidArgument, field: "types[1]") {
            _ = try await fixture.command(MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: ["steps", "heart-rate"]), as: ConsentListReply.self)
        }
        try await fixture.grant(.bodyMass, .steps)
        let first: WeightReply = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 80, unit: "kg"))
        try await fixture.revoke(.bodyMass)
        await expectHealthError(.failedPrecondition) {
            let _: WeightReply = try await fixture.query(MessageDescriptor.weightLatest.name, LatestWeightRequest())
        }
        try await fixture.grant(.bodyMass)
        let kept: WeightReply = try await fixture.query(MessageDescriptor.weightLatest.name, LatestWeightRequest())
        #expect(kept.sampleId == first.sampleId)

        let reply = try await fixture.revoke(.bodyMass, deleteData: true)
        #expect(reply.deleted == ["body-mass": 1])
        #expect(reply.consents.first { $0.type == "body-mass" }?.granted == false)
        try await fixture.grant(.bodyMass)
        await expectHealthError(.notFound) {
            let _: WeightReply = try await fixture.query(MessageDescriptor.weightLatest.name, LatestWeightRequest())
        }

        let changes = try await fixture.events(EventDescriptor.healthConsentChanged.name, as: ConsentChangedBody.self)
        #expect(changes.map { "\($0.type):\($0.granted)" } == [
            "body-mass:true", "steps:true", "body-mass:false", "body-mass:true", "body-mass:false", "body-mass:true",
        ])
        #expect(changes[0].latestWeight == nil)
        #expect(changes[3].latestWeight?.sampleId == first.sampleId && changes[3].latestWeight?.weightKg == 80)
        #expect(changes[4].deleted == true && changes[2].deleted == false)
        #expect(changes[5].latestWeight == nil)
        let deleted = try await fixture.events(EventDescriptor.healthSamplesDeleted.name, as: SamplesDeletedBody.self)
        #expect(deleted == [SamplesDeletedBody(user: "ana", type: "body-mass", count: 1)])

        let list: ConsentListReply = try await fixture.query(MessageDescriptor.consentList.name, ConsentListRequest())
        #expect(list.consents.map(\.type) == ConsentType.allCases.map(\.rawValue))
        #expect(list.consents.filter(\.granted).map(\.type) == ["steps", "body-mass"])
        await fixture.close()
    }

    @Test("a user acts only on its own data: another user's consent does not apply", arguments: TestMode.selected)
    func usersAreSeparate(mode: TestMode) async throws {
        let fixture = try await HealthFixture("users", mode: mode)
        try await fixture.grant(.bodyMass)
        _ = try await fixture.command(MessageDescriptor.weightAdd.name, AddWeightRequest(value: 60, unit: "kg"), as: WeightReply.self)
        let bob = try fixture.client(user: "bob")
        await expectHealthError(.failedPrecondition) {
            let _: WeightReply = try await bob.call(MessageDescriptor.weightLatest.name, LatestWeightRequest())
        }
        let _: ConsentListReply = try await bob.call(
            MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: ["body-mass"]), idempotencyKey: UUID().uuidString)
        await expectHealthError(.notFound) {
            let _: WeightReply = try await bob.call(MessageDescriptor.weightLatest.name, LatestWeightRequest())
        }
        await bob.close()
        await fixture.close()
    }
}
