import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench challenges`, `quench challenges load FILE`, `quench challenges sync [URL]`,
/// `quench challenges progress [--month YYYY-MM]`
struct Challenges: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The challenge catalog and your progress.",
        subcommands: [List.self, Load.self, Sync.self, Progress.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the challenges.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: ListChallengesReply = try await gateway.call(.challengesList, ListChallengesRequest())
                try output.emit(reply) { Challenges.catalogText(reply, style: output.style) }
            }
        }
    }

    struct Load: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add or update challenges from a JSON file (operators).",
            discussion: HelpText.reflow("""
                FILE has the shape of the public goals feed: {"items":[{"id","title","description","type",
                "goal","reward":{"trophy","points"}}]}, at most 1000 items. Challenges are matched by id: a
                later load updates titles and rewards. One bad item rejects the whole file.
                Example: quench challenges load deploy/sample-data/challenges.json
                """))

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The JSON file.")
        var file: String

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let items = try ChallengeFile.read(file)
                let reply: LoadChallengesReply = try await gateway.call(.challengesLoad, LoadChallengesRequest(items: items), requiresUser: false, actingFor: .none)
                try output.emit(reply) {
                    tr(GoalsText.loaded(received: reply.received, created: reply.created, updated: reply.updated, unchanged: reply.unchanged))
                }
            }
        }
    }

    struct Progress: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Which challenges you completed in a month, and the points earned.",
            discussion: HelpText.reflow("""
                Answered by analytics from the catalog and your steps, distance and workouts: a
                challenge is completed on each day whose total reaches its goal (step: steps;
                walking_distance: walking + running distance; running_distance: the distance of the
                day's running workouts only, so a long walk is not a run), and each such day earns
                its trophy and points.
                Example: quench challenges progress --month 2026-10
                """))

        @OptionGroup var global: GlobalOptions

        @Option(help: "The month, YYYY-MM (default this month in --tz).")
        var month: String?

        func validate() throws {
            if let month, Challenges.monthRange(month) == nil {
                throw ValidationError(tr(GoalsText.notAMonth(field: "--month", text: month)))
            }
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: ChallengesProgressReply = try await gateway.call(.analyticsChallengesProgress, MonthRequest(month: month))
                try output.emit(reply) {
                    guard !reply.challenges.isEmpty else { return tr(GoalsText.noChallenges) }
                    var table = Table(columns(GoalsText.progressHeaders), alignments: [.left, .right, .right, .left, .right])
                    for entry in reply.challenges {
                        table.add([
                            entry.title, Challenges.goalText(type: entry.type, goal: entry.goal), Format.thousands(Int64(entry.daysCompleted)),
                            entry.daysCompleted > 0 ? ShareText.trophies(entry.reward.trophy, entry.trophies) : "",
                            Format.thousands(Int64(entry.points)),
                        ])
                    }
                    return output.style.bold(l10n.month(reply.month)) + "\n" + table.render(style: output.style)
                        + "\n" + tr(GoalsText.pointsEarned(output.style.bold(Format.thousands(Int64(reply.totalPoints)))))
                        + RevokedNote.text(reply.revoked, style: output.style)
                }
            }
        }
    }

    /// The catalog as a table, after where it came from and how old it is.
    static func catalogText(_ reply: ListChallengesReply, style: Style, now: Date = Date()) -> String {
        guard !reply.challenges.isEmpty else { return tr(GoalsText.noChallenges) }
        var table = Table(columns(GoalsText.challengesHeaders), alignments: [.left, .left, .left, .right, .left, .right])
        for challenge in reply.challenges {
            table.add([
                challenge.id, challenge.title, challenge.type, Challenges.goalText(challenge),
                tr(TrophyText(id: challenge.reward.trophy)), Format.thousands(Int64(challenge.reward.points)),
            ])
        }
        return style.dim(sourceText(reply.source, now: now)) + "\n" + table.render(style: style)
    }

    /// "From https://…, fetched 3 h ago; the last check 5 min ago failed: …." — where the
    /// catalog came from and how old it is.
    static func sourceText(_ source: ChallengeSyncState?, now: Date) -> String {
        guard let source else { return tr(ChallengeSyncText.fromFiles) }
        func age(_ date: Date) -> ChallengeAge { ChallengeAge(seconds: now.timeIntervalSince(date)) }
        var line = tr(ChallengeSyncText.fromFeed(url: source.url, fetched: age(source.fetchedAt)))
        if source.checkedAt > source.fetchedAt {
            line += source.outcome == ChallengeSyncState.Outcome.failed
                ? tr(ChallengeSyncText.lastCheckFailed(when: age(source.checkedAt), detail: failureText(source)))
                : tr(ChallengeSyncText.lastCheckUnchanged(when: age(source.checkedAt)))
        }
        if source.skipped > 0 { line += tr(ChallengeSyncText.itemsLeftOut(source.skipped)) }
        return line + "."
    }

    /// A failed check's reason in this run's language when goals kept it as a code this
    /// catalog knows, else the English detail as stored (rows from older clients).
    static func failureText(_ source: ChallengeSyncState) -> String {
        source.reason.flatMap { ChallengeSyncText(reason: $0.code, values: $0.values) }.map(tr) ?? source.detail ?? ""
    }

    /// A month's first and last day, or nil when `text` is not YYYY-MM.
    static func monthRange(_ text: String) -> (from: String, to: String)? {
        guard text.count == 7, let first = LocalDay("\(text)-01") else { return nil }
        let last = LocalDay(year: first.year, month: first.month, day: LocalDay.daysIn(year: first.year, month: first.month))
        return last.map { (first.description, $0.description) }
    }

    static func goalText(_ challenge: Challenge) -> String {
        goalText(type: challenge.type, goal: challenge.goal)
    }

    static func goalText(type: String, goal: Double) -> String {
        if type == "step" { return tr(GoalsText.steps(Format.thousands(Int64(goal.rounded())))) }
        return goal >= 1000
            ? tr(UnitText.kilometres(l10n.decimal(goal / 1000, minimum: 1, maximum: 1))) : tr(UnitText.metres(Format.thousands(Int64(goal.rounded()))))
    }
}
