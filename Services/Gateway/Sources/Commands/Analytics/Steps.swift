import ArgumentParser
import QuenchCharts
import QuenchProtocol
import QuenchStrings

/// `quench steps [--month YYYY-MM] [--bars] [--svg [FILE]] [--out FILE]`
struct Steps: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A month's daily steps as a line chart, with badges.",
        discussion: HelpText.reflow("""
            x: the days of the month, today marked; y: steps per day, from 0 to a
            round number above the best day (ticks of 1, 2, 2.5 or 5 × 10ⁿ). The
            chart fits the terminal's width (COLUMNS); a terminal too narrow for it
            gets a list. One badge per 10,000 steps of the month's total. --svg
            writes the same chart as SVG (to stdout, or to FILE: --svg FILE or
            --out FILE).
            Examples: quench steps --month 2026-10
                      quench steps --bars
                      quench steps --svg steps.svg
            """))

    @OptionGroup var global: GlobalOptions

    @Option(help: "The month, YYYY-MM (default this month in --tz).")
    var month: String?

    @Flag(help: "Bars instead of a line.")
    var bars = false

    @Flag(help: "The chart as an SVG document (to stdout, or to --out FILE).")
    var svg = false

    @Option(name: [.customLong("out"), .customLong("output")], help: ArgumentHelp("Write the SVG to FILE (implies --svg).", valueName: "FILE"))
    var out: String?

    /// `quench steps --svg FILE`: the file may follow --svg directly.
    @Argument(help: .hidden)
    var svgFile: String?

    /// Where the SVG goes: --out, else the file after --svg, else stdout (nil).
    var svgPath: String? { out ?? svgFile }

    func validate() throws {
        if let svgFile, !svg {
            throw ValidationError(tr(StepsText.unexpectedFile(svgFile)))
        }
        if out != nil && svgFile != nil {
            throw ValidationError(tr(StepsText.twoFiles(svg: svgFile ?? "", out: out ?? "")))
        }
        if global.json && svg && svgPath == nil {
            throw ValidationError(tr(StepsText.svgWithJSON))
        }
    }

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let reply: StepsMonthReply = try await gateway.call(.analyticsStepsMonth, MonthRequest(month: month))
            let chart = StepsChartModel.chart(reply, timeZone: gateway.timeZone)
            let kind: SVGChart.Kind = bars ? .bars : .line
            if svg || out != nil {
                let document = SVGChartDocument.render(
                    chart, kind: kind, title: Text.svgTitle(reply.month), summary: Text.summary(reply), todayLabel: Text.today,
                    axisLabel: Text.axis)
                guard let out = svgPath else {
                    output.line(document)
                    return
                }
                try FileOutput.write(document, to: out)
                try output.emit(FileOutput.Written(file: out, format: "svg", bytes: document.utf8.count)) { Text.wrote(out) }
                return
            }
            try output.emit(reply) {
                let options = StepsChartModel.terminalOptions(style: output.style, todayLabel: Text.today)
                let drawn = bars ? TerminalChart.bars(chart, options: options) : TerminalChart.line(chart, options: options)
                return output.style.bold(Text.heading(reply.month)) + "\n" + drawn
                    + "\n" + Text.total(output.style.bold(Format.thousands(reply.total))) + "\n" + Text.badges(reply)
                    + RevokedNote.text(reply.revoked, style: output.style) + LagNote.text(reply.lag, style: output.style)
            }
        }
    }

    /// Every string `quench steps` shows, in one place (from the catalog's ``StepsText``).
    enum Text {
        static var today: String { tr(CommonText.today) }

        static func heading(_ month: String) -> String { l10n.month(month) }

        static func svgTitle(_ month: String) -> String { tr(StepsText.svgTitle(month: l10n.month(month))) }

        static func total(_ steps: String) -> String { tr(StepsText.total(steps)) }

        static func badges(_ reply: StepsMonthReply) -> String {
            var text = tr(StepsText.badges(earned(reply)))
            if let next = reply.achievements.first(where: { !$0.earned }) {
                text += tr(StepsText.nextBadge(at: Format.thousands(next.threshold), toGo: Format.thousands(max(0, next.threshold - reply.total))))
            }
            return text
        }

        static func summary(_ reply: StepsMonthReply) -> String {
            total(Format.thousands(reply.total)) + " · " + badges(reply)
        }

        static func wrote(_ file: String) -> String { tr(StepsText.wroteChart(file)) }

        static func earned(_ reply: StepsMonthReply) -> Int {
            reply.achievements.filter(\.earned).count
        }

        /// A y axis label: `12.5k` (`12,5 Tsd.`).
        static func axis(_ value: Double) -> String {
            let magnitude = abs(value)
            if magnitude >= 1_000_000 { return tr(StepsText.millions(l10n.decimal(value / 1_000_000, maximum: 2))) }
            if magnitude >= 1_000 { return tr(StepsText.thousands(l10n.decimal(value / 1_000, maximum: 2))) }
            return l10n.decimal(value, maximum: 2)
        }
    }
}
