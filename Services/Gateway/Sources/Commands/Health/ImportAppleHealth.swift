import ArgumentParser
import Foundation
import HealthImport
import QuenchProtocol
import Synchronization
import QuenchStrings

/// `quench import apple-health PATH` (export.zip or export.xml).
struct ImportAppleHealth: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apple-health",
        abstract: "Import steps, weight, walking+running distance, water and workouts from an Apple Health export.",
        discussion: HelpText.reflow("""
            PATH is the export.zip the Health app shares, the export.xml inside it (whatever its
            localised name), or the unzipped apple_health_export folder. Every generation of the
            export is read, iOS 8 (2014) to today. Refused before anything is imported, saying what
            to pass instead: a .gz (gunzip it first), export_cda.xml (the clinical document: no
            Health records), a folder without export.xml, anything else that is not an export.
            Other record types are counted and skipped; so are records of a type you have not
            consented to (`quench consent grant steps body-mass distance dietary-water`) and values
            out of physical range. Workouts are imported (consent `workouts`: type, start, end,
            duration, distance, energy, source; `quench workouts` lists them) and counted with the
            records; activity summaries and the export's other elements are counted by name in
            the summary, not imported. Records that cannot be read (a bad number or
            date) are counted by reason, the rest is imported, and the exit status is 74.
            A progress bar shows on a terminal.

            Days: each sample is on the calendar day of its own start time as the record writes
            it, at the record's own UTC offset ("2019-05-15 23:50:00 -0400" counts for May 15),
            whatever the zone of this machine, of --tz or of the services: the day the phone
            showed it on, travel included. Instants are stored in UTC. A steps or distance record
            that runs past midnight counts on each day in proportion to its time there (600 steps
            from 23:30 to 00:30 are 300 on each day), as the Health app shows it.

            Units: values are stored as written with their unit, and normalised to count (steps:
            count), kg (body mass: kg, lb or lbs, g, st), m (distance: m, km, mi, ft, yd, cm) and mL
            (water: mL, L, fl_oz_us or floz or oz, fl_oz_imp, cL, dL, cup_us, cup_imp, pt_us,
            pt_imp), the unit's letters matched in any case. A record in another unit (gal,
            furlong, …) is skipped and counted as unknown-unit; one outside
            the physical range of its type, as value-out-of-range. Workouts: duration in s, min,
            hr; distance in m, km, mi, ft, yd; energy in kcal, Cal (= kcal), kJ.

            Sources: each record keeps its source (sourceName) as written; sources are compared by
            name ignoring case, apostrophe style (’ or ') and spacing. A day's steps and distance
            merge all sources in time: where two sources' samples overlap, the higher-ranked one
            counts; where only a lower one has samples, those count; a partly covered sample counts
            in proportion to its uncovered time. The ranking is your priority
            (`quench sources priority SOURCE…`), then Apple Watches, then iPhones, then the rest
            by name; `quench sources` lists them. The device text is stored without the object
            address Apple writes into it.

            Ranges (the same for every service): weights 0.5 to 500 kg, water up to 6 L per
            record, steps up to 200,000 and distance up to 500 km per record; a day's steps and
            distance, added up over all sources, up to 1,000,000 steps and 1,000 km (a record
            that would pass that is skipped and counted as day-total-out-of-range).

            Examples:
              quench import apple-health ~/Downloads/export.zip
              quench import apple-health export.xml --json
            """))

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The export.zip or export.xml.")
    var path: String

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            // Checked before a job begins: a wrong file is refused with what to pass instead,
            // and leaves no failed job behind.
            let path = try Self.resolve(self.path)
            let size = try fileSize(path)
            let progress = ProgressLine(output: output, label: tr(ImportText.importing))
            let fault = Fault()
            let outcome = try await HealthUploader(gateway: gateway).upload(
                kind: "apple-health", fileName: (path as NSString).lastPathComponent, totalBytes: size
            ) { channel in
                try Self.produce(path: path, channel: channel, progress: progress, fault: fault)
            }
            progress.end()
            let report = AppleHealthImportReport(job: outcome.job)
            // A fault after the export began: the parser's error, thrown through the upload or
            // kept by `produce` when it finished the job as failed with the counts of the part
            // read; shown in the user's language (the job keeps the English).
            let parseError = outcome.parseError ?? fault.error.withLock { $0 }
            try output.emit(report) { report.human(style: output.style, parseError: parseError) }
            if let error = parseError.map(diagnostic) ?? (outcome.job.status == "failed" ? outcome.job.error : nil) {
                if outcome.job.imported + outcome.job.duplicates == 0 {
                    throw CLIError.io(tr(ImportText.parseStoppedNothing(path: path, error: error)))
                }
                throw CLIError.io(tr(ImportText.parseStoppedPartly(path: path, error: error)))
            }
            let unreadable = outcome.job.skipped.filter { $0.key.hasPrefix("malformed") }
            if !unreadable.isEmpty {
                let total = unreadable.values.reduce(0, +)
                let reasons = unreadable.sorted { $0.key < $1.key }.map { "\(l10n.integer($0.value)) \(tr(ImportText.skipReason($0.key)))" }.joined(separator: ", ")
                throw CLIError.io(tr(ImportText.unreadable(path: path, total: total, reasons: reasons)))
            }
        }
    }

    /// The file to read: `path`, or the export.xml in a folder; refuses, with what to pass
    /// instead, a gzip file, the clinical document export_cda.xml or anything else that is
    /// not a Health export.
    static func resolve(_ path: String) throws -> String {
        do {
            return try AppleHealthParser().resolveInput(path: path)
        } catch let error as AppleHealthImportError {
            switch error.kind {
            case .noSuchPath, .cannotOpen, .cannotRead: throw CLIError.io(tr(error.kind))
            default: throw CLIError.usage(tr(error.kind))
            }
        }
    }

    /// The parser's fault when `produce` finished the job as failed rather than throwing.
    final class Fault: Sendable {
        let error = Mutex<AppleHealthImportError?>(nil)
    }

    /// Runs on the parser thread: records into batches into the channel.
    static func produce(path: String, channel: BatchChannel, progress: ProgressLine, fault: Fault? = nil) throws -> ImportFinishRequest {
        var batcher = AppleHealthBatcher(jobId: channel.jobId)
        let delivered = Atomic(0)
        let summary: AppleHealthSummary
        do {
            summary = try AppleHealthParser().parse(path: path, progress: { done, total in
                progress.update(done: done, total: total, records: delivered.load(ordering: .relaxed))
            }, onWorkout: { workout in
                delivered.add(1, ordering: .relaxed)
                if let batch = try batcher.add(workout) {
                    try channel.put(batch)
                }
            }) { record in
                delivered.add(1, ordering: .relaxed)
                if let batch = try batcher.add(record) {
                    try channel.put(batch)
                }
            }
        } catch let error as AppleHealthImportError {
            // The records read before the fault are stored too, so a re-run only adds the rest.
            if let batch = try batcher.flush() {
                try channel.put(batch)
            }
            // The job ends failed, with what was counted before the fault (not "of 0 records").
            guard let partial = error.partial else { throw error }
            var finish = finishRequest(partial)
            finish.error = "\(error)"
            fault?.error.withLock { $0 = error }
            if partial.bytesRead == 0 { finish.bytesRead = nil }  // not known inside a zip
            return finish
        }
        if let batch = try batcher.flush() {
            try channel.put(batch)
        }
        return finishRequest(summary)
    }

    /// The counts of `summary` as `import.finish` reports them.
    static func finishRequest(_ summary: AppleHealthSummary) -> ImportFinishRequest {
        var skipped: [String: Int] = [:]
        for (reason, count) in summary.malformedRecords {
            skipped["malformed (\(reason))", default: 0] += count
        }
        // Workouts are imported as `workout` samples: counted with the records, not among
        // the other elements.
        var badWorkouts = 0
        for (reason, count) in summary.malformedWorkouts {
            skipped["malformed workout (\(reason))", default: 0] += count
            badWorkouts += count
        }
        var elements = summary.otherElements
        elements["Workout"] = nil
        return ImportFinishRequest(
            jobId: "", recordsSeen: summary.recordsSeen + summary.workouts + badWorkouts, skipped: skipped,
            otherTypes: summary.otherTypes, correlationChildrenIgnored: summary.correlationChildrenIgnored,
            bytesRead: summary.bytesRead, otherElements: elements)
    }
}

func fileSize(_ path: String) throws -> Int64 {
    do {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    } catch {
        throw CLIError.io(tr(ImportText.cannotRead(path: path)))
    }
}
