public import ArgumentParser
import Foundation
import QuenchClient
import QuenchStrings

/// `quench`: one tool to operate and use the whole system.
public struct QuenchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "quench",
        abstract: "Track what you drink against a daily water goal, and your steps, weight and lifts.",
        discussion: HelpText.reflow("""
            Quench runs as four services (intake, goals, health-ingest, analytics). `quench up` starts
            them on this machine; every other command talks to them over ZeroMQ.

            Examples:
              quench up                          start everything under ./.quench
              quench log 250ml --fluid coffee    log a coffee
              quench today                       progress towards today's goal
              quench steps --month 2026-10       the month's steps as a chart
              quench share --png card.png        a card of your progress to share
              quench status --json               every service's state, for scripts
            """),
        version: QuenchVersion.current,
        subcommands: [
            Up.self,
            Down.self,
            Status.self,
            ServicesCommand.self,
            Ping.self,
            Metrics.self,
            Log.self,
            Intakes.self,
            Fluids.self,
            Goal.self,
            Challenges.self,
            Today.self,
            History.self,
            Steps.self,
            OneRepMax.self,
            Workouts.self,
            Share.self,
            Analytics.self,
            Consent.self,
            Weight.self,
            Sources.self,
            Import.self,
            Imports.self,
            Units.self,
            Subscribe.self,
            Keys.self,
            Tokens.self,
            WebCommand.self,
            Export.self,
            Erase.self,
        ]
    )

    public init() {}
}

extension QuenchCommand {
    /// The executable's entry point: parses (negative amounts read as values, see
    /// `NegativeArguments`), runs, and reports an argument error as JSON with `--json`.
    /// The language comes from `--lang` or the environment (``LanguageSelection``) and holds
    /// for the whole run, parsing errors included.
    public static func start() async {
        let arguments = NegativeArguments.prepared(Array(CommandLine.arguments.dropFirst()))
        let language = LanguageSelection.resolve(arguments, environment: ProcessInfo.processInfo.environment)
        await Localizer.$current.withValue(Localizer(language)) {
            await run(arguments)
        }
    }

    private static func run(_ arguments: [String]) async {
        do {
            var command = try await asyncParseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
            if wantsJSON, !(error is ExitCode), exitCode(for: error) != .success {
                FileHandle.standardError.write(Data((ArgumentFailure.json(message: message(for: error)) + "\n").utf8))
                Foundation.exit(exitCode(for: error).rawValue)
            }
            // argument-parser writes "Error: …" and the usage in English; in other languages
            // its words and its own parse errors are the catalog's (ParseErrorText).
            if Localizer.current.language != .en, !(error is ExitCode), exitCode(for: error) != .success {
                let full = fullMessage(for: error)
                if full.hasPrefix("Error: ") {
                    FileHandle.standardError.write(Data((ParseErrorText.translate(full) + "\n").utf8))
                    Foundation.exit(exitCode(for: error).rawValue)
                }
            }
            exit(withError: error)
        }
    }
}
