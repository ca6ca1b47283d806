import ArgumentParser
import Foundation
import QuenchCharts

/// `quench share [today|steps|challenges|orm …] [--out FILE] [--png FILE] [--text]`
struct Share: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A card of your progress to share: an SVG (PNG where a converter exists) or a short text.",
        discussion: HelpText.reflow("""
            The card, sized for a phone screen (1080 × 1920), shows today's water
            against your goal, this month's steps as a line chart with badges, this
            month's challenge points, and your one-rep max records. Name parts to
            show only those. The SVG goes to stdout, or to --out FILE; --png FILE
            renders it as a PNG too. --text prints a few lines for a chat instead.
            \(ShareText.pngHelp(PNGConverter.locate()))
            Examples: quench share --out card.svg
                      quench share steps --png steps.png
                      quench share --text
            """))

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("What to show (default all).", valueName: "today|steps|challenges|orm"))
    var parts: [ShareData.Part] = []

    @Flag(help: "A short text for a chat instead of the card.")
    var text = false

    @Option(name: [.customLong("out"), .customLong("output")], help: ArgumentHelp("Write the card (or the text) to FILE instead of stdout.", valueName: "FILE"))
    var out: String?

    @Option(help: ArgumentHelp("Also write the card as a PNG (needs rsvg-convert).", valueName: "FILE"))
    var png: String?

    func validate() throws {
        if text && png != nil { throw ValidationError(ShareText.textWithPNG) }
        // Before asking any service: a PNG this machine cannot make fails at once.
        if png != nil && PNGConverter.locate() == nil { throw ValidationError(ShareText.pngMissing) }
    }

    /// The parts asked for, in card order.
    var shown: [ShareData.Part] {
        parts.isEmpty ? ShareData.Part.allCases : ShareData.Part.allCases.filter(parts.contains)
    }

    func run() async throws {
        try await CLI.run(global, units: true) { gateway, output in
            var data = try await ShareData.gather(Set(shown), gateway: gateway)
            let builder = ShareCardBuilder(data: data, timeZone: gateway.timeZone)
            let document = text ? builder.chatText(parts: shown) + "\n" : builder.card(parts: shown).svg()
            if let out {
                try FileOutput.write(document, to: out)
                data.files.append(.init(file: out, format: text ? "text" : "svg", bytes: document.utf8.count))
            }
            if let png {
                try PNGConverter.convert(document, width: Int(ShareCard.width), to: png)
                data.files.append(.init(file: png, format: "png", bytes: FileOutput.size(of: png)))
            }
            if global.json {
                try output.emit(data) { "" }
            } else if out == nil && png == nil {
                output.line(document.trimmingCharacters(in: .newlines))
            } else {
                for file in data.files { output.prose(ShareText.wrote(file.file, file.format)) }
            }
        }
    }
}
