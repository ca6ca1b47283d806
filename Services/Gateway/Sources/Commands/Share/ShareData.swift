import ArgumentParser
import QuenchProtocol

/// What `quench share` shows, as gathered from analytics: each part is nil when not asked
/// for. It is also the command's `--json` output.
struct ShareData: Encodable {
    var today: DaySummary?
    var steps: StepsMonthReply?
    var challenges: ChallengesProgressReply?
    var orm: OneRepMaxReply?
    /// The files written (`--out`, `--png`).
    var files: [FileOutput.Written] = []

    /// The parts a card can hold, in card order.
    enum Part: String, CaseIterable, ExpressibleByArgument {
        case today
        case steps
        case challenges
        case orm
    }

    /// Asks analytics for the `parts`, in parallel.
    static func gather(_ parts: Set<Part>, gateway: Gateway) async throws -> ShareData {
        func ask<Request, Reply>(_ part: Part, _ message: Query<Request, Reply>, _ request: Request) async throws -> Reply? {
            guard parts.contains(part) else { return nil }
            return try await gateway.call(message, request)
        }
        async let today = ask(.today, .analyticsToday, DayRequest())
        async let steps = ask(.steps, .analyticsStepsMonth, MonthRequest())
        async let challenges = ask(.challenges, .analyticsChallengesProgress, MonthRequest())
        async let orm = ask(.orm, .analyticsOneRepMax, OneRepMaxRequest(limit: 1))
        return ShareData(today: try await today, steps: try await steps, challenges: try await challenges, orm: try await orm)
    }

    /// The best one-rep max of each exercise, heaviest first.
    var records: [(exercise: String, record: OneRepMaxPoint)] {
        (orm?.exercises ?? []).compactMap { entry in entry.personalRecord.map { (entry.name, $0) } }
            .sorted { $0.record.oneRepMax != $1.record.oneRepMax ? $0.record.oneRepMax > $1.record.oneRepMax : $0.exercise < $1.exercise }
    }

    /// The challenges completed at least once this month, most points first.
    var completedChallenges: [ChallengeProgress] {
        (challenges?.challenges ?? []).filter { $0.daysCompleted > 0 }
            .sorted { $0.points != $1.points ? $0.points > $1.points : $0.title < $1.title }
    }
}
