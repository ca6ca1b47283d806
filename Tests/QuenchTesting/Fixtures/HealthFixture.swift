public import Foundation
import MessagePack
public import QuenchProtocol
import QuenchRuntime

/// Health-ingest, in process or as the real executable (``TestMode``), and a client acting
/// for one user.
public final class HealthFixture: Sendable {
    public let system: TestSystem
    public let client: TestClient
    public let user: String

    public init(
        _ label: String, mode: TestMode = .live, user: String = "ana", timeZone: String = "Europe/Berlin", arguments: [String] = []
    ) async throws {
        system = try await TestSystem(mode, [ServiceName.healthIngest], label: label, arguments: [ServiceName.healthIngest: arguments])
        self.user = user
        client = try system.client(ServiceName.healthIngest, user: user, timeZone: timeZone)
    }

    /// The health-ingest executable (live mode only).
    public var service: ServiceProcess { system.liveProcess(ServiceName.healthIngest) }

    /// A client of this health-ingest for another user.
    public func client(user: String, timeZone: String = TimeZone.current.identifier) throws -> TestClient {
        try system.client(ServiceName.healthIngest, user: user, timeZone: timeZone)
    }

    /// Starts the real `quench-<service>` (goals, intake, analytics) following this
    /// health-ingest, in a folder next to it (live mode only; the caller stops it).
    public func follower(_ service: String) throws -> ServiceProcess {
        try system.startProcess(service, label: service)
    }

    /// A follower (see ``follower(_:)``) and a client acting for this fixture's user on it.
    public func follower(_ service: String, clientTimeZone timeZone: String) throws -> (process: ServiceProcess, client: TestClient) {
        let process = try follower(service)
        return (process, try system.client(of: process, user: user, timeZone: timeZone))
    }

    public func command<Request: Encodable, Reply: Decodable>(_ type: String, _ body: Request, as: Reply.Type = Reply.self) async throws -> Reply {
        try await client.call(type, body, as: Reply.self, idempotencyKey: UUID().uuidString)
    }

    public func query<Request: Encodable, Reply: Decodable>(_ type: String, _ body: Request, as: Reply.Type = Reply.self) async throws -> Reply {
        try await client.call(type, body, as: Reply.self)
    }

    @discardableResult
    public func grant(_ types: ConsentType...) async throws -> ConsentListReply {
        try await command(MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: types.map(\.rawValue)))
    }

    @discardableResult
    public func revoke(_ types: ConsentType..., deleteData: Bool? = nil) async throws -> ConsentListReply {
        try await command(MessageDescriptor.consentRevoke.name, ConsentChangeRequest(types: types.map(\.rawValue), deleteData: deleteData))
    }

    /// Every event in the outbox so far, through `events.since`.
    public func events() async throws -> [Envelope] {
        try await system.events(ServiceName.healthIngest)
    }

    public func events<Body: Decodable>(_ type: String, as: Body.Type) async throws -> [Body] {
        try await events().filter { $0.type == type }.map { try $0.decodeBody(Body.self) }
    }

    /// The water samples imports announced, from their `health.water.batch-recorded` events.
    public func importedWater() async throws -> [WaterRecordedBody] {
        try await events(EventDescriptor.healthWaterBatchRecorded.name, as: WaterBatchRecordedBody.self).flatMap(\.samples)
    }

    /// The weights imports announced, from their `health.weight.batch-recorded` events.
    public func importedWeights() async throws -> [WeightRecordedBody] {
        try await events(EventDescriptor.healthWeightBatchRecorded.name, as: WeightBatchRecordedBody.self).flatMap(\.samples)
    }

    public func daily(_ type: SampleType, from: String, to: String, aggregate: String? = nil) async throws -> [String: Double] {
        let reply: DailySamplesReply = try await query(
            MessageDescriptor.samplesDaily.name, DailySamplesRequest(type: type.rawValue, from: LocalDay(from)!, to: LocalDay(to)!, aggregate: aggregate))
        var result: [String: Double] = [:]
        for bucket in reply.days {
            // A day with only the part of a sample that began the day before has count 0.
            if let value = bucket.value, bucket.count > 0 || value != 0 {
                result[bucket.day.description] = value
            }
        }
        return result
    }

    /// All stored samples, through `samples.changes` pages.
    public func allSamples(type: SampleType? = nil) async throws -> [SampleRecord] {
        var anchor: Int64 = 0
        var samples: [SampleRecord] = []
        while true {
            let page: SampleChangesReply = try await query(
                MessageDescriptor.samplesChanges.name, SampleChangesRequest(anchor: anchor, type: type?.rawValue, limit: 1000))
            samples += page.samples
            anchor = page.anchor
            if !page.more { return samples }
        }
    }

    public func close() async {
        await system.close()
    }
}
