import GRDB
import QuenchProtocol
import QuenchRuntime

extension AnalyticsHandlers {
    func stepsMonth(_ request: MonthRequest, _ context: RequestContext) async throws -> StepsMonthReply {
        let user = try context.actingUser()
        let today = context.today(at: now())
        let month = try AnalyticsRules.month(request.month, default: today)
        let (stored, revoked) = try await database.pool.read { db in
            // A revoked consent masks what it covers (`ConsentMask`): the kept days count as none.
            let revoked = try ConsentMask.revoked(db, user: user)
            return (
                try revoked.contains(.steps)
                    ? [String: Int64]() : ActivityStore.steps(db, user: user, from: month.firstDay.description, to: month.lastDay.description),
                revoked)
        }
        let days = month.days(upTo: today).map { day in
            StepsDay(day: day, steps: stored[day.description] ?? 0)
        }
        let total = days.reduce(Int64(0)) { $0 + $1.steps }
        return StepsMonthReply(
            month: month.description, days: days, total: total,
            axisMax: StepsChart.axisMax(largestDay: days.map(\.steps).max() ?? 0),
            achievements: StepsChart.achievements(monthTotal: total).map { Achievement(threshold: $0.threshold, earned: $0.earned) },
            lag: userLag(), revoked: Self.names(revoked, of: [.steps]))
    }

    func challengesProgress(_ request: MonthRequest, _ context: RequestContext) async throws -> ChallengesProgressReply {
        let user = try context.actingUser()
        let today = context.today(at: now())
        let month = try AnalyticsRules.month(request.month, default: today)
        let (catalog, steps, meters, running, revoked) = try await database.pool.read { db in
            let from = month.firstDay.description
            let to = month.lastDay.description
            let revoked = try ConsentMask.revoked(db, user: user)
            return (
                try ChallengeStore.versions(db, from: from, to: to),
                try revoked.contains(.steps) ? [String: Int64]() : ActivityStore.steps(db, user: user, from: from, to: to),
                try revoked.contains(.distance) ? [String: Double]() : ActivityStore.distance(db, user: user, from: from, to: to),
                try revoked.contains(.workouts) ? [String: Double]() : WorkoutStore.runningMeters(db, user: user, from: from, to: to),
                revoked)
        }
        let days = month.days(upTo: today)
        // Each day is scored with the version of the challenge in force that day.
        var trophies: [String: Int] = [:]
        var types = Set<String>()
        let progress = catalog.keys.sorted().compactMap { id -> ChallengeProgress? in
            let versions = catalog[id]!
            var scored: [ChallengeDay] = []
            var latest: (challenge: Challenge, measure: ChallengeScoring.Measure)?
            var completed = 0
            var points = 0
            for day in days {
                let text = day.description
                guard let challenge = versions.inForce(on: text), let measure = ChallengeScoring.measure(ofType: challenge.type) else {
                    scored.append(ChallengeDay(day: day, value: 0, completed: false))
                    continue
                }
                latest = (challenge, measure)
                let value: Double =
                    switch measure {
                    case .steps: Double(steps[text] ?? 0)
                    case .meters: meters[text] ?? 0
                    case .runningMeters: running[text] ?? 0
                    }
                let done = ChallengeScoring.completed(value: value, goal: challenge.goal)
                scored.append(ChallengeDay(day: day, value: value, completed: done, points: done ? challenge.reward.points : nil))
                if done {
                    completed += 1
                    points = ChallengeScoring.adding(points, challenge.reward.points)
                    trophies[challenge.reward.trophy, default: 0] += 1
                }
            }
            // Challenges in force on none of the month's days are left out.
            guard let (challenge, measure) = latest else { return nil }
            types.insert(challenge.type)
            return ChallengeProgress(
                id: challenge.id, title: challenge.title, type: challenge.type, goal: challenge.goal, unit: measure.unit,
                reward: challenge.reward, days: scored, daysCompleted: completed, trophies: completed, points: points)
        }
        return ChallengesProgressReply(
            month: month.description, challenges: progress,
            totalPoints: progress.reduce(0) { ChallengeScoring.adding($0, $1.points) },
            trophies: trophies.sorted { $0.key < $1.key }.map { TrophyCount(trophy: $0.key, count: $0.value) },
            lag: userLag(), revoked: Self.names(revoked, of: [.steps, .distance] + (types.contains("running_distance") ? [.workouts] : [])))
    }

    func workouts(_ request: MonthRequest, _ context: RequestContext) async throws -> WorkoutsReply {
        let user = try context.actingUser()
        let month = try AnalyticsRules.month(request.month, default: context.today(at: now()))
        let (workouts, revoked) = try await database.pool.read { db in
            let revoked = try ConsentMask.revoked(db, user: user)
            guard !revoked.contains(.workouts) else { return ([WorkoutEntry](), revoked) }
            return (try WorkoutStore.list(db, user: user, from: month.firstDay.description, to: month.lastDay.description), revoked)
        }
        return WorkoutsReply(month: month.description, workouts: workouts, lag: userLag(), revoked: Self.names(revoked, of: [.workouts]))
    }

    func oneRepMax(_ request: OneRepMaxRequest, _ context: RequestContext) async throws -> OneRepMaxReply {
        let user = try context.actingUser()
        let key = try AnalyticsRules.exercise(request.exercise)
        let limit = try AnalyticsRules.limit(request.limit)
        let (exercises, revoked) = try await database.pool.read { db in
            let revoked = try ConsentMask.revoked(db, user: user)
            guard !revoked.contains(.workouts) else { return ([ExerciseOneRepMax](), revoked) }
            return (try StrengthStore.exercises(db, user: user, key: key).map { exercise in
                ExerciseOneRepMax(
                    name: exercise.name,
                    personalRecord: try StrengthStore.personalRecord(db, user: user, key: exercise.key)
                        .map { OneRepMaxPoint(day: try LocalDay(stored: $0.day), oneRepMax: Self.kilograms($0.oneRepMax)) },
                    series: try StrengthStore.series(db, user: user, key: exercise.key, limit: limit)
                        .map { OneRepMaxPoint(day: try LocalDay(stored: $0.day), oneRepMax: Self.kilograms($0.oneRepMax)) },
                    excludedSets: exercise.excludedSets)
            }, revoked)
        }
        if revoked.contains(.workouts) {
            // Whether an exercise is known is itself workout data: not told while revoked.
            return OneRepMaxReply(exercises: [], lag: userLag(), revoked: [ConsentType.workouts.rawValue])
        }
        if let key, exercises.isEmpty {
            throw QuenchError.notFound("exercise", "no strength sets of '\(ExerciseName.display(request.exercise ?? key).prefix(100))' for user '\(user)'")
        }
        return OneRepMaxReply(exercises: exercises, lag: userLag())
    }

    /// The names of the `revoked` types among `covered` (in that order), nil when none.
    static func names(_ revoked: Set<ConsentType>, of covered: [ConsentType]) -> [String]? {
        let names = covered.filter(revoked.contains).map(\.rawValue)
        return names.isEmpty ? nil : names
    }

    /// Two decimals.
    static func kilograms(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
