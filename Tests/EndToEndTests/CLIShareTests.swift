import Foundation
import QuenchProtocol
import QuenchTestSupport
import Testing

/// `quench steps` (line, bars, SVG) and `quench share` (SVG card, text, PNG), run as the built
/// binary against the four real service executables.
@Suite("CLI steps chart and share card", .serialized)
struct CLIShareTests {
    /// An exercise and a challenge title that must be escaped in SVG.
    static let exercise = #"Squat <&"'>"#
    static let title = #"Ten <&"'> thousand"#

    static func quench(_ system: AnalyticsSystem, _ arguments: [String], environment: [String: String] = [:]) throws -> CLIRunner.Result {
        var runner = CLIRunner(configPath: nil, user: nil, timeZone: system.timeZone)
        runner.extraEnvironment = environment
        _ = try CLIAnalyticsTests.quench(system, ["status", "--json"])  // writes the client config once
        let config = system.directory.appendingPathComponent("client.json").path
        return try runner.run(arguments + ["--config", config, "--user", system.user, "--tz", system.timeZone, "--timeout", "2"])
    }

    /// Steps of an earlier day of the month: 4,000 to 10,999, below today's 12,345.
    static func earlierSteps(_ day: Int) -> Int { 4_000 + day * 2_777 % 7_000 }

    /// Water of the goal; a step sample on every day of the month so far (today 12,345, the
    /// best); lifts; step challenges (the first completed today).
    static func seeded(
        _ label: String, water: (logged: Double, goal: Double) = (1500, 2000), lifts: [(String, Double, Int)] = [(exercise, 100, 5)],
        challenges: [Challenge] = [Challenge(id: "steps-10k", title: title, description: "", type: "step", goal: 10_000, reward: .init(trophy: "gold", points: 50))]
    ) async throws -> (AnalyticsSystem, LocalDay) {
        let zone = AnalyticsTime.midday()
        let system = try await AnalyticsSystem(label, timeZone: zone)
        let today = AnalyticsTime.today(zone)
        try await system.setGoal(water.goal)
        try await system.log(water.logged)
        try await system.grant([.steps, .workouts])
        try await system.loadChallenges(challenges)
        let start = Date().addingTimeInterval(-3600)
        var samples = [SampleInput(type: "steps", value: 12_345, unit: "count", start: start, end: start.addingTimeInterval(600), source: "Watch")]
        for day in 1..<today.day {
            let noon = AnalyticsTime.noon(LocalDay(year: today.year, month: today.month, day: day)!, zone)
            samples.append(SampleInput(
                type: "steps", value: Double(earlierSteps(day)), unit: "count", start: noon, end: noon.addingTimeInterval(600), source: "Watch"))
        }
        for (index, lift) in lifts.enumerated() {
            samples.append(SampleInput(
                type: "strength", value: lift.1, unit: "kg", day: today.adding(days: -index).description, exercise: lift.0, sets: 1, reps: lift.2))
        }
        try await system.addSamples(samples)
        try await system.waitUntilCaughtUp()
        return (system, today)
    }

    /// The month's total as seeded.
    /// `November 2026`: the month as English writes it (the chart's title names the month, #30 part 1).
    static func monthName(_ day: LocalDay) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        return "\(names[day.month - 1]) \(day.year)"
    }

    static func total(_ today: LocalDay) -> Int {
        (1..<today.day).map(earlierSteps).reduce(12_345, +)
    }

    @Test("steps: a braille line by default within COLUMNS, bars on request, a list when too narrow, the same chart as SVG")
    func steps() async throws {
        let (system, today) = try await Self.seeded("cli-steps-chart")
        defer { Task { await system.close() } }

        let json = try Self.quench(system, ["steps", "--json"]).json()
        #expect(json["axisMax"] as? Int == 12_500)
        for columns in [60, 100] {
            let line = try Self.quench(system, ["steps"], environment: ["COLUMNS": "\(columns)"])
            #expect(line.status == 0, "\(line.stderr)")
            let lines = line.stdout.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= columns }, "\(line.stdout)")
            #expect(line.stdout.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "braille: \(line.stdout)")
            #expect(lines.contains { $0.hasPrefix("12.5k ┤") } && lines.contains { $0.hasPrefix("    0 └") } && line.stdout.contains("▲ today"))
            let total = Self.total(today)
            #expect(line.stdout.contains("Total: \(Self.grouped(total)) steps"))
            #expect(line.stdout.contains("Badges: \(total / 10_000) · next at"), "\(line.stdout)")
        }
        let bars = try Self.quench(system, ["steps", "--bars"], environment: ["COLUMNS": "80"])
        #expect(bars.stdout.contains("█") && bars.stdout.contains("▲ today"), "\(bars.stdout)")
        let narrow = try Self.quench(system, ["steps"], environment: ["COLUMNS": "14"])
        #expect(narrow.stdout.contains("\(today.day) 12,345 ◀"), "\(narrow.stdout)")

        let svgRun = try Self.quench(system, ["steps", "--svg"])
        #expect(svgRun.status == 0, "\(svgRun.stderr)")
        let svg = try ParsedSVG(svgRun.stdout)
        #expect(svg.withClass("point").count == today.day)
        #expect(svg.withClass("point").last?.attributes["data-value"] == "12345")
        #expect(svg.withClass("y-label").last?.text == "12.5k" && svg.withClass("y-label").first?.text == "0")
        #expect(svg.withClass("today").count == 1 && svg.withClass("title").first?.text == "Steps · \(Self.monthName(today))")

        // An earlier month: every day of it on x, no today.
        let previous = LocalDay(year: today.year, month: today.month, day: 1)!.adding(days: -1)
        let past = try ParsedSVG(try Self.quench(system, ["steps", "--svg", "--month", String(previous.description.prefix(7))]).stdout)
        #expect(past.withClass("point").count == previous.day && past.withClass("today").isEmpty)

        let file = system.directory.appendingPathComponent("steps.svg").path
        let written = try Self.quench(system, ["steps", "--bars", "--out", file, "--json"])
        let format = try written.json()["format"] as? String
        #expect(written.status == 0 && format == "svg", "\(written.stderr)")
        let barsSVG = try ParsedSVG(String(contentsOfFile: file, encoding: .utf8))
        #expect(barsSVG.withClass("bar").count == today.day)
        let direct = system.directory.appendingPathComponent("direct.svg").path
        let named = try Self.quench(system, ["steps", "--svg", direct])
        #expect(named.status == 0 && named.stdout.contains("Wrote the steps chart to \(direct)"), "\(named.stderr)")
        #expect(try ParsedSVG(String(contentsOfFile: direct, encoding: .utf8)).withClass("point").count == today.day)
        let stray = try Self.quench(system, ["steps", "chart.svg"])
        #expect(stray.status == 64 && stray.stderr.contains("after --svg"), "\(stray.stderr)")
        let conflict = try Self.quench(system, ["steps", "--svg", "--json"])
        #expect(conflict.status == 64 && conflict.stderr.contains("--out"), "\(conflict.stderr)")
    }

    @Test("share: a 1080 × 1920 SVG card with the ring, the steps chart, points and records, names escaped; text; PNG")
    func share() async throws {
        let (system, today) = try await Self.seeded("cli-share")
        defer { Task { await system.close() } }

        let run = try Self.quench(system, ["share"])
        #expect(run.status == 0, "\(run.stderr)")
        let card = try ParsedSVG(run.stdout)
        #expect(card.root?.attributes["viewBox"] == "0 0 1080 1920")
        #expect(card.withClass("section").compactMap { $0.attributes["data-section"] } == ["ring", "chart", "tally", "list"])
        #expect(card.withClass("ring-value").first?.text == "75 %")
        #expect(card.withClass("summary").map(\.text).contains("1,500 mL"))
        #expect(card.withClass("point").count == today.day)
        #expect(card.withClass("badges").first?.attributes["data-count"] == "\(Self.total(today) / 10_000)")
        let completed = (1..<today.day).filter { Self.earlierSteps($0) >= 10_000 }.count + 1
        #expect(card.withClass("value").first?.text == "\(completed * 50)")
        #expect(card.withClass("row-label").map(\.text) == [Self.title, Self.exercise])
        #expect(card.withClass("row-value").map(\.text) == ["+\(completed * 50)", "112.50 kg"])
        #expect(!run.stdout.contains(Self.exercise) && run.stdout.contains("Squat &lt;&amp;&quot;&apos;&gt;"))

        let out = system.directory.appendingPathComponent("card.svg").path
        let saved = try Self.quench(system, ["share", "steps", "orm", "--out", out, "--json"])
        #expect(saved.status == 0, "\(saved.stderr)")
        let summary = try saved.json()
        #expect((summary["steps"] as? [String: Any])?["total"] as? Int == Self.total(today) && summary["today"] == nil)
        #expect((summary["files"] as? [[String: Any]])?.first?["file"] as? String == out)
        let partial = try ParsedSVG(String(contentsOfFile: out, encoding: .utf8))
        #expect(partial.withClass("section").compactMap { $0.attributes["data-section"] } == ["chart", "list"])

        let text = try Self.quench(system, ["share", "--text"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Water today: 1,500 mL of 2,000 mL (75 %)"), "\(text.stdout)")
        #expect(text.stdout.contains("points in") && text.stdout.contains(": \(completed * 50) (gold ×\(completed))"), "\(text.stdout)")
        #expect(text.stdout.contains("One-rep max records: \(Self.exercise) 112.50 kg"))
        #expect(text.stdout.split(separator: "\n").count == 5)
        // The trophy by its name in the user's language, on the card and in the chat text.
        let german = try Self.quench(system, ["share", "--text", "--lang", "de"])
        #expect(german.stdout.contains(": \(completed * 50) (Gold ×\(completed))"), "\(german.stdout)")
        let french = try ParsedSVG(try Self.quench(system, ["share", "challenges", "--lang", "fr"]).stdout)
        #expect(french.withClass("row-detail").map(\.text) == ["or ×\(completed)"])

        let png = system.directory.appendingPathComponent("card.png").path
        let missing = try Self.quench(system, ["share", "--png", png], environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 64 && missing.stderr.contains("rsvg-convert") && missing.stderr.contains("librsvg2-bin"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png))
        let help = try Self.quench(system, ["share", "--help"], environment: ["PATH": "/nonexistent"])
        #expect(help.stdout.contains("PNG needs rsvg-convert"), "\(help.stdout)")
        if Self.converterOnPath() {
            let made = try Self.quench(system, ["share", "--png", png])
            #expect(made.status == 0 && made.stdout.contains("Wrote the PNG card to \(png)"), "\(made.stderr)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
            #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            // IHDR: width 1080, height 1920.
            #expect(bytes[16..<24] == Data([0, 0, 0x04, 0x38, 0, 0, 0x07, 0x80]))
            let nowhere = try Self.quench(system, ["share", "--png", "/nonexistent/card.png"])
            #expect(nowhere.status == 74 && nowhere.stderr.contains("rsvg-convert failed") && nowhere.stderr.contains("/nonexistent/card.png"), "\(nowhere.stderr)")
        } else {
            print("CLIShareTests: rsvg-convert is not on PATH; the PNG conversion is not exercised (apt-get install librsvg2-bin)")
        }
        let both = try Self.quench(system, ["share", "--text", "--png", png])
        #expect(both.status == 64)
    }

    static func converterOnPath() -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/rsvg-convert")
        }
    }

    /// 176595 → "176,595".
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        return String(digits.enumerated().flatMap { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
        })
    }

    /// Writes the README's pictures from the real CLI: `QUENCH_DOCS_IMAGES=docs/images swift
    /// test --filter CLIShareTests/docsImages` (the PNG needs rsvg-convert).
    @Test("docs images", .enabled(if: ProcessInfo.processInfo.environment["QUENCH_DOCS_IMAGES"] != nil))
    func docsImages() async throws {
        let folder = try #require(ProcessInfo.processInfo.environment["QUENCH_DOCS_IMAGES"])
        let (system, _) = try await Self.seeded(
            "cli-docs-images", water: (1700, 2500),
            lifts: [("Back Squat", 100, 8), ("Deadlift", 140, 3), ("Bench Press", 80, 6)],
            challenges: [
                Challenge(id: "steps-10k", title: "10,000 steps a day", description: "", type: "step", goal: 10_000, reward: .init(trophy: "gold", points: 50)),
                Challenge(id: "steps-5k", title: "Daily walk", description: "", type: "step", goal: 5_000, reward: .init(trophy: "bronze", points: 10)),
            ])
        defer { Task { await system.close() } }
        for (arguments, name) in [(["share", "--out"], "share-card.svg"), (["share", "--png"], "share-card.png"), (["steps", "--out"], "steps-chart.svg")] {
            let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
            let run = try Self.quench(system, arguments + [path])
            #expect(run.status == 0, "\(run.stderr)")
        }
    }
}
