import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench today [--day DATE]`
struct Today: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Progress towards a day's water goal (default today).",
        discussion: HelpText.reflow("""
            The goal is the one in effect that day; with no goal ever set, the default 2500 mL. The ring
            fills at 100 %; the percentage may go past it.
            Example: quench today --day 2026-11-20
            """))

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The day (default today in --tz).", valueName: "YYYY-MM-DD"))
    var day: LocalDay?

    func run() async throws {
        try await CLI.run(global, units: true) { gateway, output in
            let reply: DaySummary = try await gateway.call(.analyticsToday, DayRequest(day: day))
            try output.emit(reply) {
                let percent = Today.percent(reply.percent)
                let bar = Charts.progressBar(
                    fraction: reply.goalMl > 0 ? reply.totalWaterMl / reply.goalMl : 0,
                    width: Charts.barWidth(besides: percent.count + 1), style: output.style)
                let remaining = reply.remainingMl > 0
                    ? tr(HydrationText.toGo(Format.millilitres(reply.remainingMl)))
                    : output.style.green(tr(HydrationText.goalReached))
                let progress = tr(HydrationText.progress(
                    total: Format.millilitres(reply.totalWaterMl), goal: Format.millilitres(reply.goalMl),
                    source: tr(HydrationText.goalSource(reply.goalSource))))
                return output.style.bold(Format.day(reply.day)) + "\n"
                    + "\(bar) \(percent)\n"
                    + "\(progress), \(remaining)"
                    + LagNote.text(reply.lag, style: output.style)
            }
        }
    }

    static func percent(_ value: Double) -> String {
        Format.percent(value)
    }
}
