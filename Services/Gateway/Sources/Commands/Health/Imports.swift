import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// `quench imports [--limit N]`, `quench imports undo JOB`
struct Imports: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Your imports (Apple Health exports and workout logs), and taking one back.",
        discussion: HelpText.reflow("""
            Every `quench import …` is a job: its id, kind, file, when, and what it stored.
            `quench imports undo JOB` removes exactly the samples that job stored (not those it
            only found to be duplicates) everywhere: health-ingest's samples and day totals, and,
            through the events that announce it, analytics' strength sets, one-rep maxes and
            workouts. Importing the file again afterwards stores it again.

            Examples:
              quench imports
              quench imports undo 3f2a9c0d1e4b5a67
            """),
        subcommands: [List.self, Undo.self],
        defaultSubcommand: List.self)

    /// What `quench imports` prints.
    struct Report: Encodable {
        var jobs: [ImportJob]

        func human(style: Style, zone: String) -> String {
            guard !jobs.isEmpty else { return tr(ImportText.noImports) }
            var table = Table(columns(ImportText.importsHeaders),
                              alignments: [.left, .left, .left, .left, .left, .right, .right], whole: [0])
            for job in jobs {
                let status = job.status == "undone" ? tr(ImportText.undoneStatus(removed: job.removed ?? 0)) : tr(ImportText.status(job.status))
                let started = Format.dayAndTime(job.startedAt, zone: zone)
                table.add([job.jobId, job.kind, String((job.fileName ?? "").prefix(40)), started, status,
                           Format.thousands(Int64(job.imported)), Format.thousands(Int64(job.duplicates))])
            }
            return table.render(style: style)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Your most recent imports, newest first.")

        @OptionGroup var global: GlobalOptions

        @Option(help: "How many (1 to \(ImportStatusRequest.maxLimit)).")
        var limit = 20

        func validate() throws {
            guard (1...ImportStatusRequest.maxLimit).contains(limit) else {
                throw ValidationError(tr(ImportText.limitRange(max: ImportStatusRequest.maxLimit, got: limit)))
            }
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: ImportStatusReply = try await gateway.call(.importStatus, ImportStatusRequest(limit: limit))
                let report = Report(jobs: reply.jobs)
                try output.emit(report) { report.human(style: output.style, zone: gateway.timeZone) }
            }
        }
    }

    struct Undo: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove what one import stored.",
            discussion: "JOB is the id `quench imports` lists. Undoing a job twice changes nothing the second time.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The import job's id.")
        var job: String

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                let reply: ImportJob = try await gateway.call(.importUndo, ImportUndoRequest(jobId: job))
                try output.emit(reply) {
                    tr(ImportText.undid(job: reply.jobId, kind: reply.kind, file: reply.fileName ?? tr(ImportText.noFileName), removed: reply.removed ?? 0))
                }
            }
        }
    }
}
