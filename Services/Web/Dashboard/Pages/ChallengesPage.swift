import QuenchStrings
public import QuenchProtocol

/// The challenges page: the month's points and trophies, then each challenge with its
/// daily goal, reward, the days completed (a square per day) and its points.
public struct ChallengesPage: Sendable {
    /// `analytics.challenges-progress`.
    public var progress: ChallengesProgressReply
    public var today: LocalDay

    public init(progress: ChallengesProgressReply, today: LocalDay) {
        self.progress = progress
        self.today = today
    }

    public func render(_ context: PageContext) -> String {
        let l = context.localizer
        return PageShell.render(.challenges, context: context) { html in
            MonthNavigation.write(month: progress.month, current: today, path: DashboardPage.challenges.path, l, into: &html)
            html.start("div", [("id", "challenges"), ("data-live", "steps")])
            html.start("section", [("class", "card"), ("aria-labelledby", "points-heading")])
            html.element("h2", [("id", "points-heading"), ("class", "big"), ("data-points", String(progress.totalPoints))],
                text: l(DashboardText.pointsTotal(WebFormat.thousands(Int64(progress.totalPoints), l))))
            if !progress.trophies.isEmpty {
                html.start("ul", [("class", "legend trophies")])
                for trophy in progress.trophies {
                    html.element("li", text: l(DashboardText.trophies(trophy: WebFormat.trophyName(trophy.trophy, l), count: trophy.count)))
                }
                html.end()
            }
            html.end()
            RevokedNote.write(progress.revoked, l, into: &html)
            if progress.challenges.isEmpty {
                html.element("p", [("class", "card muted empty")], text: l(DashboardText.noChallenges))
            }
            html.start("div", [("class", "columns")])
            for (index, challenge) in progress.challenges.enumerated() {
                card(challenge, index: index, l, into: &html)
            }
            html.end()
            html.end()
        }
    }

    private func card(_ challenge: ChallengeProgress, index: Int, _ l: Localizer, into html: inout HTMLWriter) {
        let headingID = "challenge-\(index)"
        html.start("section", [("class", "card challenge"), ("aria-labelledby", headingID), ("data-id", challenge.id)])
        html.element("h2", [("id", headingID)], text: challenge.title)
        html.element("p", text: l(DashboardText.challengeGoal(goalText(challenge.goal, unit: challenge.unit, l))) + " · "
            + l(DashboardText.reward(trophy: WebFormat.trophyName(challenge.reward.trophy, l), points: challenge.reward.points)))
        html.element("p", [("class", "challenge-points"), ("data-points", String(challenge.points))],
            text: l(DashboardText.completed(challenge.daysCompleted)) + " · " + l(DashboardText.points(challenge.points)))
        html.start("ul", [("class", "days")])
        for day in challenge.days {
            let text = l(DashboardText.challengeDay(
                day: WebFormat.day(day.day, l), value: goalText(day.value, unit: challenge.unit, l), completed: day.completed))
            html.start("li", [("class", day.completed ? "done" : nil), ("title", text)])
            html.element("span", [("class", "visually-hidden")], text: text)
            html.end()
        }
        html.end()
        html.end()
    }

    private func goalText(_ value: Double, unit: String, _ l: Localizer) -> String {
        unit == "meters"
            ? (value >= 1000 ? l(UnitText.kilometres(WebFormat.number(value / 1000, places: 2, l))) : l(UnitText.metres(WebFormat.number(value, places: 0, l))))
            : l(GoalsText.steps(WebFormat.thousands(Int64(value.rounded()), l)))
    }
}
