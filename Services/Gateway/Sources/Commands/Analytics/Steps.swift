import ArgumentParser
import QuenchProtocol

/// `quench steps [--month YYYY-MM]`
struct Steps: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A month's daily steps as a chart, with badges.",
        discussion: """
            One badge per 10,000 steps of the month's total. The y axis starts at 0 and ends at a round
            number just above the best day.
            Example: quench steps --month 2026-10
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The month, YYYY-MM (default this month in --tz).")
    var month: String?

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let reply: StepsMonthReply = try await gateway.call(.analyticsStepsMonth, MonthRequest(month: month))
            try output.emit(reply) {
                let chart = Charts.bars(
                    values: reply.days.map { Double($0.steps) }, labels: reply.days.map(\.day),
                    axisMax: Double(reply.axisMax), style: output.style)
                let earned = reply.achievements.filter(\.earned).count
                let next = reply.achievements.first { !$0.earned }
                var badges = "Badges: \(earned)"
                if let next {
                    badges += " · next at \(Format.thousands(next.threshold)) (\(Format.thousands(max(0, next.threshold - reply.total))) to go)"
                }
                return output.style.bold(reply.month) + "\n" + chart
                    + "\nTotal: \(output.style.bold(Format.thousands(reply.total))) steps\n" + badges
                    + RevokedNote.text(reply.revoked, style: output.style) + LagNote.text(reply.lag, style: output.style)
            }
        }
    }
}
