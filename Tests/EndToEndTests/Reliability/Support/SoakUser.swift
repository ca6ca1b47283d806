import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport

/// One user of the soak: clients for the four services, a seeded stream of mixed requests,
/// and what every acknowledged change should have left behind.
final class SoakUser: @unchecked Sendable {
    let name: String
    let intake: RPCClient
    let goals: RPCClient
    let health: RPCClient
    let analytics: RPCClient
    private var random: SplitMix64
    /// Intake id → water in microlitres, after every acknowledged log, edit and delete.
    private(set) var live: [String: Int64] = [:]
    private(set) var lastGoalMl: Double?
    private(set) var lastWeightKg: Double?
    private(set) var counts: [String: Int] = [:]
    private(set) var retries = 0
    private(set) var acknowledgedIntakeCommands = 0

    init(name: String, system: AnalyticsSystem, seed: UInt64) throws {
        self.name = name
        let options = RPCClientOptions(attemptTimeout: .seconds(3), attempts: 2, timeZone: system.timeZone, user: name)
        intake = try RPCClient(endpoint: system.intake.rpcEndpoint, options: options)
        goals = try RPCClient(endpoint: system.goals.rpcEndpoint, options: options)
        health = try RPCClient(endpoint: system.health.rpcEndpoint, options: options)
        analytics = try RPCClient(endpoint: system.analytics.rpcEndpoint, options: options)
        random = SplitMix64(seed: seed)
    }

    func close() async {
        for client in [intake, goals, health, analytics] { await client.close() }
    }

    /// Retries `body` (which keeps its idempotency key) while the service is unavailable.
    private func retrying<Reply>(_ body: () async throws -> Reply) async throws -> Reply {
        var attempt = 0
        while true {
            do {
                return try await body()
            } catch let error as QuenchError where (error.code == .unavailable || error.code == .resourceExhausted) && attempt < 30 {
                attempt += 1
                retries += 1
                try await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    private func count(_ kind: String) { counts[kind, default: 0] += 1 }

    func begin() async throws {
        let key = UUID().uuidString
        let _: ConsentListReply = try await retrying {
            try await health.call(MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: [ConsentType.bodyMass.rawValue]), idempotencyKey: key)
        }
        count("consent")
    }

    /// One request, chosen by the seeded generator.
    func step() async throws {
        let roll = Int.random(in: 0..<100, using: &random)
        let key = UUID().uuidString
        switch roll {
        case 0..<45:
            let volume = Double(Int.random(in: 50...800, using: &random))
            let at = Date().addingTimeInterval(-Double(Int.random(in: 0...(2 * 86_400), using: &random)))
            let record: IntakeRecord = try await retrying {
                try await intake.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: volume, at: at), idempotencyKey: key)
            }
            live[record.id] = record.waterMicrolitres
            acknowledgedIntakeCommands += 1
            count("log")
        case 45..<55:
            guard let id = live.keys.randomElement(using: &random) else { return }
            let volume = Double(Int.random(in: 50...800, using: &random))
            let record: IntakeRecord = try await retrying {
                try await intake.call(MessageDescriptor.intakeEdit.name, EditIntakeRequest(id: id, volume: volume), idempotencyKey: key)
            }
            live[id] = record.waterMicrolitres
            acknowledgedIntakeCommands += 1
            count("edit")
        case 55..<61:
            guard let id = live.keys.randomElement(using: &random) else { return }
            let _: DeleteIntakeReply = try await retrying {
                try await intake.call(MessageDescriptor.intakeDelete.name, DeleteIntakeRequest(id: id), idempotencyKey: key)
            }
            live[id] = nil
            acknowledgedIntakeCommands += 1
            count("delete")
        case 61..<66:
            let goal = Double(Int.random(in: 1500...3500, using: &random))
            let reply: GoalReply = try await retrying {
                try await goals.call(MessageDescriptor.goalSet.name, SetGoalRequest(volume: goal), idempotencyKey: key)
            }
            lastGoalMl = reply.goalMl
            count("goal")
        case 66..<71:
            let weight = Double(Int.random(in: 500...1000, using: &random)) / 10
            let _: WeightReply = try await retrying {
                try await health.call(MessageDescriptor.weightAdd.name, AddWeightRequest(value: weight, unit: "kg"), idempotencyKey: key)
            }
            lastWeightKg = weight
            count("weight")
        case 71..<85:
            let _: DayTotal = try await retrying { try await intake.call(MessageDescriptor.intakeDayTotal.name, DayTotalRequest()) }
            count("query")
        case 85..<95:
            let _: DaySummary = try await retrying { try await analytics.call(MessageDescriptor.analyticsToday.name, DayRequest()) }
            count("query")
        default:
            let _: GoalReply = try await retrying { try await goals.call(MessageDescriptor.goalGet.name, GetGoalRequest()) }
            count("query")
        }
    }
}
