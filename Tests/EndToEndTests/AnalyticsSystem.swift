import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime
import Testing

/// The four real executables: intake and goals (each following health-ingest), health-ingest and
/// analytics (following all three), each with its own data folder, plus clients for a user.
final class AnalyticsSystem: @unchecked Sendable {
    let directory: URL
    let intake: ServiceProcess
    let health: ServiceProcess
    let goals: ServiceProcess
    private(set) var analytics: ServiceProcess
    let user: String
    let timeZone: String
    let intakeClient: RPCClient
    let healthClient: RPCClient
    let goalsClient: RPCClient
    let analyticsClient: RPCClient

    init(_ label: String, user: String = "ana", timeZone: String = "Europe/Berlin") throws {
        directory = temporaryDirectory("analytics-\(label)")
        self.user = user
        self.timeZone = timeZone
        health = try ServiceProcess("health-ingest", dataDirectory: directory.appendingPathComponent("health"))
        // Intake follows this health-ingest (dietary water), not whatever listens on the default port.
        intake = try ServiceProcess(
            "intake", dataDirectory: directory.appendingPathComponent("intake"),
            arguments: ["--config", try Self.config(directory, "intake", [ServiceName.healthIngest: health]).path])
        let goalsConfig = try Self.config(directory, "goals", [ServiceName.healthIngest: health])
        goals = try ServiceProcess(
            "goals", dataDirectory: directory.appendingPathComponent("goals"), arguments: ["--config", goalsConfig.path])
        analytics = try ServiceProcess(
            "analytics", dataDirectory: directory.appendingPathComponent("analytics"),
            arguments: ["--config", try Self.config(directory, "analytics", Self.upstreams(intake, goals, health)).path])
        let options = RPCClientOptions(timeZone: timeZone, user: user)
        intakeClient = try RPCClient(endpoint: intake.rpcEndpoint, options: options)
        healthClient = try RPCClient(endpoint: health.rpcEndpoint, options: options)
        goalsClient = try RPCClient(endpoint: goals.rpcEndpoint, options: options)
        analyticsClient = try RPCClient(endpoint: analytics.rpcEndpoint, options: options)
    }

    static func upstreams(_ intake: ServiceProcess, _ goals: ServiceProcess, _ health: ServiceProcess) -> [String: ServiceProcess] {
        [ServiceName.intake: intake, ServiceName.goals: goals, ServiceName.healthIngest: health]
    }

    /// A JSON config file naming each upstream's endpoints (`upstream.<name>.rpc|pub`).
    static func config(_ directory: URL, _ name: String, _ upstreams: [String: ServiceProcess]) throws -> URL {
        let entries = upstreams.sorted { $0.key < $1.key }.map { name, service in
            #""\#(name)":{"rpc":"\#(service.rpcEndpoint)","pub":"\#(service.pubEndpoint)"}"#
        }
        let url = directory.appendingPathComponent("\(name)-config.json")
        try Data(#"{"upstream":{\#(entries.joined(separator: ","))}}"#.utf8).write(to: url)
        return url
    }

    /// Another analytics executable on the same publishers, with its own empty database.
    func freshAnalytics(_ label: String) throws -> ServiceProcess {
        try ServiceProcess(
            "analytics", dataDirectory: directory.appendingPathComponent(label),
            arguments: ["--config", try Self.config(directory, label, Self.upstreams(intake, goals, health)).path])
    }

    func client(_ service: ServiceProcess, timeZone: String? = nil) throws -> RPCClient {
        try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(timeZone: timeZone ?? self.timeZone, user: user))
    }

    func close() async {
        for client in [intakeClient, healthClient, goalsClient, analyticsClient] {
            await client.close()
        }
        for service in [analytics, goals, health, intake] {
            service.stop()
        }
    }

    // MARK: Producing events

    @discardableResult
    func log(_ volume: Double, at: Date? = nil, client: RPCClient? = nil) async throws -> IntakeRecord {
        try await (client ?? intakeClient).call(
            IntakeMessage.log, LogIntakeRequest(volume: volume, at: at), as: IntakeRecord.self, idempotencyKey: UUID().uuidString)
    }

    @discardableResult
    func setGoal(_ volume: Double, client: RPCClient? = nil) async throws -> GoalReply {
        try await (client ?? goalsClient).call(
            GoalMessage.set, SetGoalRequest(volume: volume), as: GoalReply.self, idempotencyKey: UUID().uuidString)
    }

    func grant(_ types: [ConsentType]) async throws {
        let _: ConsentListReply = try await healthClient.call(
            HealthMessage.consentGrant, ConsentChangeRequest(types: types.map(\.rawValue)), idempotencyKey: UUID().uuidString)
    }

    @discardableResult
    func addSamples(_ samples: [SampleInput]) async throws -> AddSamplesReply {
        try await healthClient.call(
            HealthMessage.samplesAdd, AddSamplesRequest(samples: samples), as: AddSamplesReply.self, idempotencyKey: UUID().uuidString)
    }

    func loadChallenges(_ items: [Challenge]) async throws {
        let _: LoadChallengesReply = try await goalsClient.call(
            GoalMessage.challengesLoad, LoadChallengesRequest(items: items), idempotencyKey: UUID().uuidString)
    }

    // MARK: Asking analytics

    func ask<Request: Encodable, Reply: Decodable>(
        _ type: String, _ request: Request, as: Reply.Type, client: RPCClient? = nil
    ) async throws -> Reply {
        try await (client ?? analyticsClient).call(type, request, as: Reply.self)
    }

    /// Whether `client`'s analytics has applied every event each publisher has committed.
    func caughtUp(_ client: RPCClient? = nil) async throws -> Bool {
        let lag = try await ask(AnalyticsMessage.lag, LagRequest(), as: LagReply.self, client: client)
        for (name, publisher) in [(ServiceName.intake, intakeClient), (ServiceName.goals, goalsClient), (ServiceName.healthIngest, healthClient)] {
            let ping = try await publisher.call(MessageType.ping, PingRequest(), as: PingReply.self)
            guard let entry = lag.publishers.first(where: { $0.publisher == name }), entry.appliedSeq == ping.headSeq else {
                return false
            }
        }
        return true
    }

    func waitUntilCaughtUp(_ client: RPCClient? = nil, timeout: Duration = .seconds(20)) async throws {
        let done = try await eventually(timeout: timeout) { try await caughtUp(client) }
        if !done {
            throw TestFailure("analytics did not catch up within \(timeout):\n\(analytics.logTail())")
        }
    }

    /// Every kind of answer, without the lag sections (they say when, not what).
    func answers(days: [String], month: String, client: RPCClient? = nil) async throws -> AnalyticsAnswers {
        var summaries: [DaySummary] = []
        for day in days {
            var summary = try await ask(AnalyticsMessage.today, DayRequest(day: LocalDay(day)!), as: DaySummary.self, client: client)
            summary.lag = []
            summaries.append(summary)
        }
        var history = try await ask(AnalyticsMessage.history, HistoryRequest(days: 60), as: HistoryReply.self, client: client)
        history.lag = []
        var steps = try await ask(AnalyticsMessage.stepsMonth, MonthRequest(month: month), as: StepsMonthReply.self, client: client)
        steps.lag = []
        var challenges = try await ask(
            AnalyticsMessage.challengesProgress, MonthRequest(month: month), as: ChallengesProgressReply.self, client: client)
        challenges.lag = []
        var orm = try await ask(AnalyticsMessage.oneRepMax, OneRepMaxRequest(limit: 3660), as: OneRepMaxReply.self, client: client)
        orm.lag = []
        return AnalyticsAnswers(days: summaries, history: history, steps: steps, challenges: challenges, orm: orm)
    }
}

struct AnalyticsAnswers: Equatable {
    var days: [DaySummary]
    var history: HistoryReply
    var steps: StepsMonthReply
    var challenges: ChallengesProgressReply
    var orm: OneRepMaxReply
}

/// Helpers for days and zones in the tests.
enum AnalyticsTime {
    static func today(_ zone: String, now: Date = Date()) -> LocalDay {
        LocalDay(instant: now, timeZone: TimeZone(identifier: zone)!)
    }

    /// Noon of `day` in `zone`.
    static func noon(_ day: LocalDay, _ zone: String) -> Date {
        day.start(in: TimeZone(identifier: zone)!).addingTimeInterval(12 * 3600)
    }

    /// A fixed-offset zone where it is now between 10:00 and 14:00, so samples taken a few
    /// hours ago fall on today.
    static func midday() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let hour = calendar.component(.hour, from: Date())
        let offset = min(max(12 - hour, -12), 14)
        // Etc/GMT-3 is UTC+3: the sign is inverted.
        return offset == 0 ? "Etc/GMT" : (offset > 0 ? "Etc/GMT-\(offset)" : "Etc/GMT+\(-offset)")
    }
}
