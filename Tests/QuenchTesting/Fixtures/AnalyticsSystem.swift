public import Foundation
import MessagePack
public import QuenchProtocol
import QuenchRuntime

/// Intake and goals (each following health-ingest), health-ingest and analytics (following
/// all three), in process or as the four real executables (``TestMode``), plus clients for
/// a user.
public final class AnalyticsSystem: Sendable {
    public let system: TestSystem
    public let user: String
    public let timeZone: String
    public let intakeClient: TestClient
    public let healthClient: TestClient
    public let goalsClient: TestClient
    public let analyticsClient: TestClient

    public init(_ label: String, mode: TestMode = .live, user: String = "ana", timeZone: String = "Europe/Berlin") async throws {
        system = try await TestSystem(
            mode, [ServiceName.healthIngest, ServiceName.intake, ServiceName.goals, ServiceName.analytics], label: "analytics-\(label)")
        self.user = user
        self.timeZone = timeZone
        intakeClient = try system.client(ServiceName.intake, user: user, timeZone: timeZone)
        healthClient = try system.client(ServiceName.healthIngest, user: user, timeZone: timeZone)
        goalsClient = try system.client(ServiceName.goals, user: user, timeZone: timeZone)
        analyticsClient = try system.client(ServiceName.analytics, user: user, timeZone: timeZone)
    }

    /// The folder holding the services' data.
    public var directory: URL { system.directory }

    // The executables (live mode only).
    public var intake: ServiceProcess { system.liveProcess(ServiceName.intake) }
    public var health: ServiceProcess { system.liveProcess(ServiceName.healthIngest) }
    public var goals: ServiceProcess { system.liveProcess(ServiceName.goals) }
    public var analytics: ServiceProcess { system.liveProcess(ServiceName.analytics) }

    /// A client of `service` for this system's user (in `timeZone`, else the system's).
    public func client(_ service: String, timeZone: String? = nil) throws -> TestClient {
        try system.client(service, user: user, timeZone: timeZone ?? self.timeZone)
    }

    /// A client of a live `service` (one started apart, as ``freshAnalytics(_:)``'s).
    public func client(_ service: ServiceProcess, timeZone: String? = nil) throws -> TestClient {
        try system.client(of: service, user: user, timeZone: timeZone ?? self.timeZone)
    }

    /// Another analytics executable on the same publishers, with its own empty database
    /// (live mode only).
    public func freshAnalytics(_ label: String) throws -> ServiceProcess {
        try system.startProcess(ServiceName.analytics, label: label)
    }

    public func close() async {
        await system.close()
    }

    /// Intake, goals and health-ingest by name: analytics' upstreams.
    public static func upstreams(_ intake: ServiceProcess, _ goals: ServiceProcess, _ health: ServiceProcess) -> [String: ServiceProcess] {
        [ServiceName.intake: intake, ServiceName.goals: goals, ServiceName.healthIngest: health]
    }

    /// A JSON config file naming each upstream's endpoints (`upstream.<name>.rpc|pub`), for
    /// processes a test starts itself.
    public static func config(_ directory: URL, _ name: String, _ upstreams: [String: ServiceProcess]) throws -> URL {
        let entries = upstreams.sorted { $0.key < $1.key }.map { name, service in
            #""\#(name)":{"rpc":"\#(service.rpcEndpoint)","pub":"\#(service.pubEndpoint)"}"#
        }
        let url = directory.appendingPathComponent("\(name)-config.json")
        try Data(#"{"upstream":{\#(entries.joined(separator: ","))}}"#.utf8).write(to: url)
        return url
    }

    // MARK: Producing events

    @discardableResult
    public func log(_ volume: Double, at: Date? = nil, client: TestClient? = nil) async throws -> IntakeRecord {
        try await (client ?? intakeClient).call(
            MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: volume, at: at), as: IntakeRecord.self, idempotencyKey: UUID().uuidString)
    }

    @discardableResult
    public func setGoal(_ volume: Double, client: TestClient? = nil) async throws -> GoalReply {
        try await (client ?? goalsClient).call(
            MessageDescriptor.goalSet.name, SetGoalRequest(volume: volume), as: GoalReply.self, idempotencyKey: UUID().uuidString)
    }

    public func grant(_ types: [ConsentType]) async throws {
        let _: ConsentListReply = try await healthClient.call(
            MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: types.map(\.rawValue)), idempotencyKey: UUID().uuidString)
    }

    @discardableResult
    public func addSamples(_ samples: [SampleInput]) async throws -> AddSamplesReply {
        try await healthClient.call(
            MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: samples), as: AddSamplesReply.self, idempotencyKey: UUID().uuidString)
    }

    public func loadChallenges(_ items: [Challenge]) async throws {
        let _: LoadChallengesReply = try await goalsClient.call(
            MessageDescriptor.challengesLoad.name, LoadChallengesRequest(items: items), idempotencyKey: UUID().uuidString)
    }

    // MARK: Asking analytics

    public func ask<Request: Encodable, Reply: Decodable>(
        _ type: String, _ request: Request, as: Reply.Type, client: TestClient? = nil
    ) async throws -> Reply {
        try await (client ?? analyticsClient).call(type, request, as: Reply.self)
    }

    /// Whether `client`'s analytics has applied every event each publisher has committed.
    public func caughtUp(_ client: TestClient? = nil) async throws -> Bool {
        let lag = try await ask(MessageDescriptor.analyticsLag.name, LagRequest(), as: LagReply.self, client: client)
        for (name, publisher) in [(ServiceName.intake, intakeClient), (ServiceName.goals, goalsClient), (ServiceName.healthIngest, healthClient)] {
            let ping = try await publisher.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
            guard let entry = lag.publishers.first(where: { $0.publisher == name }), entry.appliedSeq == ping.headSeq else {
                return false
            }
        }
        return true
    }

    public func waitUntilCaughtUp(_ client: TestClient? = nil, timeout: Duration = patientWait) async throws {
        // In process nothing moves until delivered (live, the subscribers follow by themselves).
        if system.mode == .inProcess { try await system.settle(timeout: timeout) }
        let done = try await eventually(timeout: timeout) { try await caughtUp(client) }
        if !done {
            let log = system.mode == .live ? analytics.logTail() : ""
            throw TestFailure("analytics did not catch up within \(timeout):\n\(log)")
        }
    }

    /// Every kind of answer, without the lag sections (they say when, not what).
    public func answers(days: [String], month: String, client: TestClient? = nil) async throws -> AnalyticsAnswers {
        var summaries: [DaySummary] = []
        for day in days {
            var summary = try await ask(MessageDescriptor.analyticsToday.name, DayRequest(day: LocalDay(day)!), as: DaySummary.self, client: client)
            summary.lag = []
            summaries.append(summary)
        }
        var history = try await ask(MessageDescriptor.analyticsHistory.name, HistoryRequest(days: 60), as: HistoryReply.self, client: client)
        history.lag = []
        var steps = try await ask(MessageDescriptor.analyticsStepsMonth.name, MonthRequest(month: month), as: StepsMonthReply.self, client: client)
        steps.lag = []
        var challenges = try await ask(
            MessageDescriptor.analyticsChallengesProgress.name, MonthRequest(month: month), as: ChallengesProgressReply.self, client: client)
        challenges.lag = []
        var orm = try await ask(MessageDescriptor.analyticsOneRepMax.name, OneRepMaxRequest(limit: 3660), as: OneRepMaxReply.self, client: client)
        orm.lag = []
        return AnalyticsAnswers(days: summaries, history: history, steps: steps, challenges: challenges, orm: orm)
    }
}

public struct AnalyticsAnswers: Equatable, Sendable {
    public var days: [DaySummary]
    public var history: HistoryReply
    public var steps: StepsMonthReply
    public var challenges: ChallengesProgressReply
    public var orm: OneRepMaxReply
}

/// Helpers for days and zones in the tests.
public enum AnalyticsTime {
    public static func today(_ zone: String, now: Date = Date()) -> LocalDay {
        LocalDay(instant: now, timeZone: TimeZone(identifier: zone)!)
    }

    /// Noon of `day` in `zone`.
    public static func noon(_ day: LocalDay, _ zone: String) -> Date {
        day.start(in: TimeZone(identifier: zone)!).addingTimeInterval(12 * 3600)
    }

    /// A fixed-offset zone where it is now between 10:00 and 14:00, so samples taken a few
    /// hours ago fall on today.
    public static func midday() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let hour = calendar.component(.hour, from: Date())
        let offset = min(max(12 - hour, -12), 14)
        // Etc/GMT-3 is UTC+3: the sign is inverted.
        return offset == 0 ? "Etc/GMT" : (offset > 0 ? "Etc/GMT-\(offset)" : "Etc/GMT+\(-offset)")
    }
}
