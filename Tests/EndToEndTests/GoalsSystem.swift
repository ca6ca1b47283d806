import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing

/// The real goals executable, following the real health-ingest executable (or nothing,
/// for tests that need no health data), with clients for a user.
final class GoalsSystem: @unchecked Sendable {
    let directory: URL
    let health: ServiceProcess?
    let goals: ServiceProcess
    let user: String
    let timeZone: String
    let goalsClient: RPCClient
    let healthClient: RPCClient?

    init(_ label: String, withHealth: Bool = true, user: String = "ana", timeZone: String = "Europe/Berlin") throws {
        directory = temporaryDirectory("goals-\(label)")
        self.user = user
        self.timeZone = timeZone
        let upstream: (rpc: String, pub: String)
        if withHealth {
            let health = try ServiceProcess("health-ingest", dataDirectory: directory.appendingPathComponent("health"))
            self.health = health
            upstream = (health.rpcEndpoint, health.pubEndpoint)
        } else {
            health = nil
            // Nothing listens here: goals' subscriber just keeps retrying.
            upstream = ("tcp://127.0.0.1:9", "tcp://127.0.0.1:9")
        }
        let config = directory.appendingPathComponent("goals-config.json")
        let json = #"{"upstream":{"health-ingest":{"rpc":"\#(upstream.rpc)","pub":"\#(upstream.pub)"}}}"#
        try Data(json.utf8).write(to: config)
        goals = try ServiceProcess(
            "goals", dataDirectory: directory.appendingPathComponent("goals"), arguments: ["--config", config.path])
        let options = RPCClientOptions(timeZone: timeZone, user: user)
        goalsClient = try RPCClient(endpoint: goals.rpcEndpoint, options: options)
        healthClient = try health.map { try RPCClient(endpoint: $0.rpcEndpoint, options: options) }
    }

    /// A client for another user of the same goals service.
    func goalsClient(for user: String) throws -> RPCClient {
        try RPCClient(endpoint: goals.rpcEndpoint, options: RPCClientOptions(timeZone: timeZone, user: user))
    }

    func goal(_ client: RPCClient? = nil) async throws -> GoalReply {
        try await (client ?? goalsClient).call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self)
    }

    @discardableResult
    func setGoal(_ volume: Double, unit: String? = nil, client: RPCClient? = nil) async throws -> GoalReply {
        try await (client ?? goalsClient).call(
            MessageDescriptor.goalSet.name, SetGoalRequest(volume: volume, unit: unit), as: GoalReply.self, idempotencyKey: UUID().uuidString)
    }

    func history() async throws -> [GoalPeriod] {
        try await goalsClient.call(MessageDescriptor.goalHistory.name, GoalHistoryRequest(), as: GoalHistoryReply.self).goals
    }

    // MARK: Health-ingest

    private var healthRPC: RPCClient {
        get throws {
            guard let healthClient else { throw TestFailure("this system runs without health-ingest") }
            return healthClient
        }
    }

    @discardableResult
    func grantBodyMass() async throws -> ConsentListReply {
        try await healthRPC.call(
            MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: [ConsentType.bodyMass.rawValue]),
            as: ConsentListReply.self, idempotencyKey: UUID().uuidString)
    }

    @discardableResult
    func revokeBodyMass(deleteData: Bool? = nil) async throws -> ConsentListReply {
        try await healthRPC.call(
            MessageDescriptor.consentRevoke.name, ConsentChangeRequest(types: [ConsentType.bodyMass.rawValue], deleteData: deleteData),
            as: ConsentListReply.self, idempotencyKey: UUID().uuidString)
    }

    @discardableResult
    func addWeight(_ value: Double, unit: String = "kg", at: Date? = nil) async throws -> WeightReply {
        try await healthRPC.call(
            MessageDescriptor.weightAdd.name, AddWeightRequest(value: value, unit: unit, at: at),
            as: WeightReply.self, idempotencyKey: UUID().uuidString)
    }

    /// Waits until goals has applied every event health-ingest has committed.
    func waitUntilGoalsCaughtUp(timeout: Duration = .seconds(15)) async throws {
        guard let health else { return }
        let healthPing = try RPCClient(endpoint: health.rpcEndpoint)
        let head = try await healthPing.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self).headSeq
        await healthPing.close()
        let caughtUp = try await eventually(timeout: timeout) {
            let reply = try await goalsClient.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
            return reply.subscriptions.first { $0.publisher == ServiceName.healthIngest }.map { $0.appliedSeq >= head } ?? false
        }
        if !caughtUp {
            throw TestFailure("goals did not apply health-ingest's events up to seq \(head):\n\(goals.logTail())")
        }
    }

    /// Every event in goals' outbox, decoded.
    func goalsEvents() async throws -> [Envelope] {
        let reply = try await goalsClient.call(
            MessageDescriptor.eventsSince.name, EventsSinceRequest(after: 0, limit: EventsSinceRequest.maxLimit), as: EventsSinceReply.self)
        return try reply.events.map { try $0.decode(Envelope.self) }
    }

    func goalChanges() async throws -> [GoalChangedBody] {
        try await goalsEvents().filter { $0.type == EventDescriptor.goalChanged.name }.map { try $0.decodeBody(GoalChangedBody.self) }
    }

    /// The user's local day today, in the clients' zone.
    var today: String {
        LocalDay(instant: Date(), timeZone: TimeZone(identifier: timeZone)!).description
    }

    func close() async {
        await goalsClient.close()
        await healthClient?.close()
        goals.stop()
        health?.stop()
    }
}

/// Asserts that `call` fails with `code` naming `field`.
func expectRejected<T>(
    _ code: ErrorCode, field: String?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ call: () async throws -> T
) async {
    do {
        let value = try await call()
        Issue.record("\(what) was accepted: \(value)", sourceLocation: sourceLocation)
    } catch let error as QuenchError {
        #expect(error.code == code, "\(what): \(error)", sourceLocation: sourceLocation)
        #expect(error.field == field, "\(what): \(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(what): unexpected \(error)", sourceLocation: sourceLocation)
    }
}
