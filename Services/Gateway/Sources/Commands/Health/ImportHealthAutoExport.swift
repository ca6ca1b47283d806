import ArgumentParser
import Foundation
import HealthImport
import QuenchProtocol
import QuenchStrings

/// `quench import health-auto-export FILE`: a payload of the iOS app Health Auto Export (its
/// REST API automation's JSON), through the same import path as the HTTP endpoint.
struct ImportHealthAutoExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health-auto-export",
        abstract: "Import a Health Auto Export JSON payload: steps, distance, weight, water and workouts.",
        discussion: HelpText.reflow("""
            FILE is the JSON the app's REST API automation posts (or a JSON export of the app),
            export version 1 or 2: `data.metrics` (step_count, walking_running_distance,
            weight_body_mass, dietary_water in any unit the app sends) and `data.workouts`.
            Other metrics and sections are counted by name and not imported; points that cannot
            be read are counted by field and rule, the rest is imported, and the exit status is
            74. Each point is on the calendar day written in its own timestamp, at its own UTC
            offset. Points of a type you have not consented to are skipped and counted.

            Importing overlapping payloads again adds nothing twice: a point already stored is a
            duplicate, and a point whose value changed since (today's total, re-sent by the next
            sync) replaces the earlier one. docs/HEALTH-AUTO-EXPORT.md explains how to point the
            app at Quench (it posts to quench-web) and what is imported.

            Examples:
              quench import health-auto-export HealthAutoExport-2026-05-19.json
              quench import health-auto-export payload.json --json
            """))

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The payload (JSON).")
    var path: String

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            _ = try fileSize(path)
            let payload: HealthAutoExportPayload
            do {
                payload = try HealthAutoExportParser().parse(path: path)
            } catch let error as HealthAutoExportError {
                throw CLIError.invalid(field: error.field, message: tr(AutoExportText.notAPayload(path: path, message: tr(error.rule))))
            } catch {
                throw CLIError.io(tr(AutoExportText.cannotRead(path: path, error: diagnostic(error))))
            }
            let outcome = try await HealthAutoExportImport.run(
                payload, fileName: (path as NSString).lastPathComponent, via: GatewayImportTransport(gateway: gateway))
            let report = HealthAutoExportReport(outcome)
            try output.emit(report) { report.human(style: output.style) }
            if payload.summary.bad > 0 {
                let first = payload.summary.problems.first.map { "\($0.field) \($0.ruleText.map(tr) ?? $0.rule)" } ?? ""
                throw CLIError.io(tr(AutoExportText.badPoints(path: path, count: payload.summary.bad, first: first)))
            }
        }
    }
}
