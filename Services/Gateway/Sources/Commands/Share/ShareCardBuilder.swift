import QuenchCharts
import QuenchProtocol
import QuenchStrings

/// `ShareData` worded for people: the SVG card and the short chat text.
struct ShareCardBuilder {
    let data: ShareData
    let timeZone: String

    /// The card: the parts gathered, in card order; the whole card fills a phone screen.
    func card(parts: [ShareData.Part]) -> ShareCard {
        let sections = parts.compactMap { part -> ShareCard.Section? in
            switch part {
            case .today: data.today.map(ring)
            case .steps: data.steps.map(chart)
            case .challenges: data.challenges.map(tally)
            case .orm: data.orm.map { _ in records() }
            }
        }
        return ShareCard(
            title: ShareText.cardTitle, subtitle: day.map(ShareText.longDay) ?? "", footer: ShareText.footer, sections: sections,
            minimumHeight: sections.count == ShareData.Part.allCases.count ? ShareCard.phoneHeight : 0)
    }

    /// Today's day as analytics answered it.
    private var day: String? {
        data.today?.day.description ?? data.steps?.days.last?.day.description
    }

    private func ring(_ today: DaySummary) -> ShareCard.Section {
        let met = today.goalMl > 0 && today.totalWaterMl >= today.goalMl
        return .ring(ShareCard.Ring(
            heading: ShareText.waterHeading, fraction: today.goalMl > 0 ? today.totalWaterMl / today.goalMl : 0,
            centre: Today.percent(today.percent),
            lines: [
                Format.millilitres(today.totalWaterMl), ShareText.of(goal: Format.millilitres(today.goalMl)),
                met ? ShareText.goalReached : ShareText.toGo(Format.millilitres(today.remainingMl)),
            ],
            met: met))
    }

    private func chart(_ steps: StepsMonthReply) -> ShareCard.Section {
        let earned = Steps.Text.earned(steps)
        let next = steps.achievements.first { !$0.earned }?.threshold
        return .chart(ShareCard.Chart(
            heading: ShareText.stepsHeading(steps.month), summary: ShareText.steps(steps.total),
            chart: StepsChartModel.chart(steps, timeZone: timeZone), badges: earned,
            badgeText: ShareText.badges(earned: earned, next: next), todayLabel: ShareText.today,
            axisLabel: { Steps.Text.axis($0) }))
    }

    private func tally(_ progress: ChallengesProgressReply) -> ShareCard.Section {
        .tally(ShareCard.Tally(
            heading: ShareText.challengesHeading(progress.month), value: Format.thousands(Int64(progress.totalPoints)),
            caption: ShareText.challengesCaption,
            rows: data.completedChallenges.map { entry in
                ShareCard.Row(label: entry.title, value: ShareText.points(entry.points), detail: ShareText.trophies(entry.reward.trophy, entry.trophies))
            },
            empty: ShareText.noChallenges))
    }

    private func records() -> ShareCard.Section {
        .list(ShareCard.List(
            heading: ShareText.recordsHeading,
            rows: data.records.map { ShareCard.Row(label: $0.exercise, value: DisplayUnits.weight($0.record.oneRepMax), detail: Format.day($0.record.day)) },
            empty: ShareText.noRecords))
    }

    /// A few lines for a chat message.
    func chatText(parts: [ShareData.Part]) -> String {
        var lines = [ShareText.chatTitle(day)]
        for part in parts {
            switch part {
            case .today:
                if let today = data.today {
                    lines.append(ShareText.chatWater(
                        Format.millilitres(today.totalWaterMl), Format.millilitres(today.goalMl), Today.percent(today.percent)))
                }
            case .steps:
                if let steps = data.steps {
                    lines.append(ShareText.chatSteps(steps.month, steps.total, Steps.Text.earned(steps)))
                }
            case .challenges:
                if let progress = data.challenges {
                    lines.append(ShareText.chatPoints(
                        progress.month, progress.totalPoints, progress.trophies.map { ShareText.trophies($0.trophy, $0.count) }))
                }
            case .orm:
                if data.orm != nil {
                    lines.append(ShareText.chatRecords(
                        data.records.prefix(ShareCard.maxListRows).map { "\($0.exercise) \(DisplayUnits.weight($0.record.oneRepMax))" }))
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
