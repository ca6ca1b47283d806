import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing

/// The real health-ingest executable and a client acting for one user.
final class HealthFixture: @unchecked Sendable {
    let service: ServiceProcess
    let client: RPCClient
    let user: String

    init(_ label: String, user: String = "ana", timeZone: String = "Europe/Berlin", arguments: [String] = []) throws {
        service = try ServiceProcess("health-ingest", dataDirectory: temporaryDirectory(label), arguments: arguments)
        self.user = user
        client = try RPCClient(
            endpoint: service.rpcEndpoint,
            options: RPCClientOptions(attemptTimeout: .seconds(20), attempts: 1, timeZone: timeZone, user: user))
    }

    /// Starts the real `quench-<service>` (goals, intake, analytics) following this
    /// health-ingest, in a folder next to it.
    func follower(_ service: String) throws -> ServiceProcess {
        let config = self.service.dataDirectory.appendingPathComponent("\(service)-config.json")
        let upstream = #"{"upstream":{"health-ingest":{"rpc":"\#(self.service.rpcEndpoint)","pub":"\#(self.service.pubEndpoint)"}}}"#
        try Data(upstream.utf8).write(to: config)
        return try ServiceProcess(
            service, dataDirectory: self.service.dataDirectory.appendingPathComponent(service), arguments: ["--config", config.path])
    }

    /// A follower (see ``follower(_:)``) and a client acting for this fixture's user on it.
    func follower(_ service: String, clientTimeZone timeZone: String) throws -> (process: ServiceProcess, client: RPCClient) {
        let process = try follower(service)
        let client = try RPCClient(endpoint: process.rpcEndpoint, options: RPCClientOptions(timeZone: timeZone, user: user))
        return (process, client)
    }

    func command<Request: Encodable, Reply: Decodable>(_ type: String, _ body: Request, as: Reply.Type = Reply.self) async throws -> Reply {
        try await client.call(type, body, as: Reply.self, idempotencyKey: UUID().uuidString)
    }

    func query<Request: Encodable, Reply: Decodable>(_ type: String, _ body: Request, as: Reply.Type = Reply.self) async throws -> Reply {
        try await client.call(type, body, as: Reply.self)
    }

    @discardableResult
    func grant(_ types: ConsentType...) async throws -> ConsentListReply {
        try await command(HealthMessage.consentGrant, ConsentChangeRequest(types: types.map(\.rawValue)))
    }

    @discardableResult
    func revoke(_ types: ConsentType..., deleteData: Bool? = nil) async throws -> ConsentListReply {
        try await command(HealthMessage.consentRevoke, ConsentChangeRequest(types: types.map(\.rawValue), deleteData: deleteData))
    }

    /// Every event in the outbox so far, through `events.since`.
    func events() async throws -> [Envelope] {
        var all: [Envelope] = []
        var after: UInt64 = 0
        while true {
            let page = try await query(MessageType.eventsSince, EventsSinceRequest(after: after, limit: 1000), as: EventsSinceReply.self)
            let envelopes = try page.events.map { try $0.decode(Envelope.self) }
            all += envelopes
            guard let last = envelopes.last?.seq, last < page.headSeq else { return all }
            after = last
        }
    }

    func events<Body: Decodable>(_ type: String, as: Body.Type) async throws -> [Body] {
        try await events().filter { $0.type == type }.map { try $0.decodeBody(Body.self) }
    }

    /// The water samples imports announced, from their `health.water.batch-recorded` events.
    func importedWater() async throws -> [WaterRecordedBody] {
        try await events(HealthEvent.waterBatchRecorded, as: WaterBatchRecordedBody.self).flatMap(\.samples)
    }

    /// The weights imports announced, from their `health.weight.batch-recorded` events.
    func importedWeights() async throws -> [WeightRecordedBody] {
        try await events(HealthEvent.weightBatchRecorded, as: WeightBatchRecordedBody.self).flatMap(\.samples)
    }

    func close() async {
        await client.close()
        service.stop()
    }
}

/// Expects `body` to throw a `QuenchError` with `code` (and `field`, when given); returns it.
@discardableResult
func expectHealthError(
    _ code: ErrorCode, field: String? = nil, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> QuenchError? {
    do {
        try await body()
        Issue.record("expected \(code), got success", sourceLocation: sourceLocation)
    } catch let error as QuenchError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        if let field {
            #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
        }
        return error
    } catch {
        Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The built `quench` binary run against a `HealthFixture`'s service.
typealias HealthCLIRun = CLIRunner.Result

extension HealthFixture {
    static let sampleData = Binaries.repositoryRoot.appendingPathComponent("deploy/sample-data")

    /// Runs `quench ARGUMENTS` as this fixture's user, with a client config naming the service.
    func quench(_ arguments: [String], timeZone: String = "America/Los_Angeles") throws -> HealthCLIRun {
        let config = service.dataDirectory.appendingPathComponent("client.json")
        if !FileManager.default.fileExists(atPath: config.path) {
            let body: [String: Any] = [
                "services": [ServiceName.healthIngest: ["rpc": service.rpcEndpoint, "pub": service.pubEndpoint]],
                "insecure": true,
            ]
            try JSONSerialization.data(withJSONObject: body).write(to: config)
        }
        return try CLIRunner(configPath: nil, user: nil, timeZone: timeZone)
            .run(arguments + ["--config", config.path, "--user", user, "--tz", timeZone, "--timeout", "10"])
    }

    func daily(_ type: SampleType, from: String, to: String, aggregate: String? = nil) async throws -> [String: Double] {
        let reply: DailySamplesReply = try await query(
            HealthMessage.samplesDaily, DailySamplesRequest(type: type.rawValue, from: LocalDay(from)!, to: LocalDay(to)!, aggregate: aggregate))
        var result: [String: Double] = [:]
        for bucket in reply.days {
            // A day with only the part of a sample that began the day before has count 0.
            if let value = bucket.value, bucket.count > 0 || value != 0 {
                result[bucket.day] = value
            }
        }
        return result
    }

    /// All stored samples, through `samples.changes` pages.
    func allSamples(type: SampleType? = nil) async throws -> [SampleRecord] {
        var anchor: Int64 = 0
        var samples: [SampleRecord] = []
        while true {
            let page: SampleChangesReply = try await query(
                HealthMessage.samplesChanges, SampleChangesRequest(anchor: anchor, type: type?.rawValue, limit: 1000))
            samples += page.samples
            anchor = page.anchor
            if !page.more { return samples }
        }
    }
}
