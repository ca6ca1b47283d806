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
        PageShell.render(.challenges, context: context) { html in
            MonthNavigation.write(month: progress.month, current: today, path: DashboardPage.challenges.path, into: &html)
            html.start("div", [("id", "challenges"), ("data-live", "steps")])
            html.start("section", [("class", "card"), ("aria-labelledby", "points-heading")])
            html.element("h2", [("id", "points-heading"), ("class", "big"), ("data-points", String(progress.totalPoints))],
                text: DashboardText.pointsTotal(WebFormat.thousands(Int64(progress.totalPoints))))
            if !progress.trophies.isEmpty {
                html.start("ul", [("class", "legend trophies")])
                for trophy in progress.trophies {
                    html.element("li", text: DashboardText.trophies(trophy.trophy, trophy.count))
                }
                html.end()
            }
            html.end()
            RevokedNote.write(progress.revoked, into: &html)
            if progress.challenges.isEmpty {
                html.element("p", [("class", "card muted empty")], text: DashboardText.noChallenges)
            }
            html.start("div", [("class", "columns")])
            for (index, challenge) in progress.challenges.enumerated() {
                card(challenge, index: index, into: &html)
            }
            html.end()
            html.end()
        }
    }

    private func card(_ challenge: ChallengeProgress, index: Int, into html: inout HTMLWriter) {
        let headingID = "challenge-\(index)"
        html.start("section", [("class", "card challenge"), ("aria-labelledby", headingID), ("data-id", challenge.id)])
        html.element("h2", [("id", headingID)], text: challenge.title)
        html.element("p", text: DashboardText.challengeGoal(goalText(challenge.goal, unit: challenge.unit)) + " · "
            + DashboardText.reward(challenge.reward.trophy, challenge.reward.points))
        html.element("p", [("class", "challenge-points"), ("data-points", String(challenge.points))],
            text: DashboardText.completed(challenge.daysCompleted) + " · " + DashboardText.points(challenge.points))
        html.start("ul", [("class", "days")])
        for day in challenge.days {
            html.start("li", [("class", day.completed ? "done" : nil), ("title", DashboardText.challengeDay(
                day.day.description, goalText(day.value, unit: challenge.unit), completed: day.completed))])
            html.element("span", [("class", "visually-hidden")], text: DashboardText.challengeDay(
                day.day.description, goalText(day.value, unit: challenge.unit), completed: day.completed))
            html.end()
        }
        html.end()
        html.end()
    }

    private func goalText(_ value: Double, unit: String) -> String {
        unit == "meters"
            ? (value >= 1000 ? WebFormat.decimals(value / 1000, places: 2) + " km" : WebFormat.decimals(value, places: 0) + " m")
            : WebFormat.thousands(Int64(value.rounded())) + " steps"
    }
}
