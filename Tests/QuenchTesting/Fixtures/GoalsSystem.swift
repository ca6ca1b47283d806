public import Foundation
import MessagePack
public import QuenchProtocol
import QuenchRuntime

/// Goals following health-ingest (or alone, for tests that need no health data), in process
/// or as the real executables (``TestMode``), with clients for a user.
public final class GoalsSystem: Sendable {
    public let system: TestSystem
    public let user: String
    public let timeZone: String
    public let goalsClient: TestClient
    public let healthClient: TestClient?

    public init(
        _ label: String, mode: TestMode = .live, withHealth: Bool = true, user: String = "ana", timeZone: String = "Europe/Berlin"
    ) async throws {
        system = try await TestSystem(
            mode, withHealth ? [ServiceName.healthIngest, ServiceName.goals] : [ServiceName.goals], label: "goals-\(label)")
        self.user = user
        self.timeZone = timeZone
        goalsClient = try system.client(ServiceName.goals, user: user, timeZone: timeZone)
        healthClient = withHealth ? try system.client(ServiceName.healthIngest, user: user, timeZone: timeZone) : nil
    }

    /// The folder holding the services' data.
    public var directory: URL { system.directory }

    /// The goals executable (live mode only).
    public var goals: ServiceProcess { system.liveProcess(ServiceName.goals) }

    /// The health-ingest executable, when this system has one (live mode only).
    public var health: ServiceProcess? { healthClient == nil ? nil : system.liveProcess(ServiceName.healthIngest) }

    /// A client for another user of the same goals service.
    public func goalsClient(for user: String) throws -> TestClient {
        try system.client(ServiceName.goals, user: user, timeZone: timeZone)
    }

    public func goal(_ client: TestClient? = nil) async throws -> GoalReply {
        try await (client ?? goalsClient).call(MessageDescriptor.goalGet.name, GetGoalRequest(), as: GoalReply.self)
    }

    @discardableResult
    public func setGoal(_ volume: Double, unit: String? = nil, client: TestClient? = nil) async throws -> GoalReply {
        try await (client ?? goalsClient).call(
            MessageDescriptor.goalSet.name, SetGoalRequest(volume: volume, unit: unit), as: GoalReply.self, idempotencyKey: UUID().uuidString)
    }

    public func history() async throws -> [GoalPeriod] {
        try await goalsClient.call(MessageDescriptor.goalHistory.name, GoalHistoryRequest(), as: GoalHistoryReply.self).goals
    }

    // MARK: Health-ingest

    private var healthRPC: TestClient {
        get throws {
            guard let healthClient else { throw TestFailure("this system runs without health-ingest") }
            return healthClient
        }
    }

    @discardableResult
    public func grantBodyMass() async throws -> ConsentListReply {
        try await healthRPC.call(
            MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: [ConsentType.bodyMass.rawValue]),
            as: ConsentListReply.self, idempotencyKey: UUID().uuidString)
    }

    @discardableResult
    public func revokeBodyMass(deleteData: Bool? = nil) async throws -> ConsentListReply {
        try await healthRPC.call(
            MessageDescriptor.consentRevoke.name, ConsentChangeRequest(types: [ConsentType.bodyMass.rawValue], deleteData: deleteData),
            as: ConsentListReply.self, idempotencyKey: UUID().uuidString)
    }

    @discardableResult
    public func addWeight(_ value: Double, unit: String = "kg", at: Date? = nil) async throws -> WeightReply {
        try await healthRPC.call(
            MessageDescriptor.weightAdd.name, AddWeightRequest(value: value, unit: unit, at: at),
            as: WeightReply.self, idempotencyKey: UUID().uuidString)
    }

    /// Returns once goals has applied every event health-ingest has committed.
    public func waitUntilGoalsCaughtUp(timeout: Duration = patientWait) async throws {
        try await system.settle(timeout: timeout)
    }

    /// `condition`, checked once goals has applied everything health-ingest committed (what
    /// an end-to-end test polled for with `eventually`).
    public func whenCaughtUp(_ condition: () async throws -> Bool) async throws -> Bool {
        try await waitUntilGoalsCaughtUp()
        return try await condition()
    }

    /// Every event in goals' outbox, decoded.
    public func goalsEvents() async throws -> [Envelope] {
        try await system.events(ServiceName.goals)
    }

    public func goalChanges() async throws -> [GoalChangedBody] {
        try await goalsEvents().filter { $0.type == EventDescriptor.goalChanged.name }.map { try $0.decodeBody(GoalChangedBody.self) }
    }

    /// The user's local day today, in the clients' zone.
    public var today: String {
        LocalDay(instant: Date(), timeZone: TimeZone(identifier: timeZone)!).description
    }

    public func close() async {
        await system.close()
    }
}
