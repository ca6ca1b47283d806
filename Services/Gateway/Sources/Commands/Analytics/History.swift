import ArgumentParser
import QuenchProtocol
import QuenchStrings

/// `quench history [--days N]`
struct History: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Each day's water against that day's goal, and your streaks.",
        discussion: HelpText.reflow("""
            A day is met when its total reaches the goal in effect that day. The current streak ends today,
            or yesterday while today is not met yet.
            Example: quench history --days 14
            """))

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many days up to today (1 to 3660).")
    var days: Int = 30

    func validate() throws {
        guard (1...HistoryRequest.maxDays).contains(days) else {
            throw ValidationError(tr(CommonText.daysRange(max: HistoryRequest.maxDays, got: days)))
        }
    }

    func run() async throws {
        try await CLI.run(global, units: true) { gateway, output in
            let reply: HistoryReply = try await gateway.call(.analyticsHistory, HistoryRequest(days: days))
            try output.emit(reply) {
                var table = Table(columns(HydrationText.historyHeaders), alignments: [.left, .right, .right, .left])
                for day in reply.days {
                    table.add([
                        Format.day(day.day), Format.millilitres(day.totalWaterMl), Format.millilitres(day.goalMl),
                        day.met ? output.style.green("✓") : "·",
                    ])
                }
                return table.render(style: output.style)
                    + "\n" + tr(HydrationText.streaks(current: output.style.bold(History.days(reply.currentStreak)), longest: History.days(reply.longestStreak)))
                    + LagNote.text(reply.lag, style: output.style)
            }
        }
    }

    static func days(_ count: Int) -> String {
        tr(CommonText.days(count))
    }
}
