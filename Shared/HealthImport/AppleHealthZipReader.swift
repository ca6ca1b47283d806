import QuenchStrings

/// Finds the `<HealthData>` XML inside an `export.zip` by content and streams it through a scanner.
///
/// Entries named `*.xml` are tried first, largest first; an entry is abandoned as soon as its root
/// element is known not to be `<HealthData>` (for example `export_cda.xml`'s `<ClinicalDocument>`).
/// Without a central directory (a truncated download) the local headers are walked from the start.
struct AppleHealthZipReader {
    let reader: ZipArchiveReader
    /// Stop as soon as an entry's root is `<HealthData>` (a check before importing).
    var stopAtRoot = false

    /// Thrown out of the inflater to stop at the root (``stopAtRoot``).
    private struct RootFound: Error {}

    func parse(
        progress: ((Int64, Int64) -> Void)?, onWorkout: (HealthWorkout) throws -> Void = { _ in },
        onRecord: (HealthRecord) throws -> Void
    ) throws -> AppleHealthSummary {
        var rejected: [HealthExportText] = []
        if let entries = try reader.centralDirectory() {
            let candidates = entries
                .filter { !$0.name.hasSuffix("/") && !$0.isEncrypted && ($0.uncompressedSize ?? 1) > 0 }
                .sorted { a, b in
                    if a.looksLikeXML != b.looksLikeXML { return a.looksLikeXML }
                    return (a.uncompressedSize ?? 0) > (b.uncompressedSize ?? 0)
                }
            for entry in candidates {
                guard let (local, dataStart) = try reader.localHeader(at: entry.localHeaderOffset) else { continue }
                var sized = entry
                sized.flags = local.flags
                if let summary = try attempt(sized, dataStart: dataStart, progress: progress, onWorkout: onWorkout, onRecord: onRecord, rejected: &rejected) {
                    return summary
                }
            }
        } else {
            var offset: Int64 = 0
            while let (entry, dataStart) = try reader.localHeader(at: offset) {
                if !entry.isEncrypted, let summary = try attempt(entry, dataStart: dataStart, progress: progress, onWorkout: onWorkout, onRecord: onRecord, rejected: &rejected) {
                    return summary
                }
                if let size = entry.compressedSize, entry.flags & 8 == 0 {
                    offset = dataStart + size
                } else if let next = try reader.nextLocalHeader(from: dataStart + Int64(entry.compressedSize ?? 0)) {
                    offset = next
                } else {
                    break
                }
            }
        }
        throw AppleHealthImportError(.notAnExport(.zipWithoutExport(tried: rejected.isEmpty ? [.noEntries] : Array(rejected.prefix(5)))))
    }

    private func attempt(
        _ entry: ZipEntryInfo, dataStart: Int64, progress: ((Int64, Int64) -> Void)?,
        onWorkout: (HealthWorkout) throws -> Void, onRecord: (HealthRecord) throws -> Void, rejected: inout [HealthExportText]
    ) throws -> AppleHealthSummary? {
        let scanner = HealthExportScanner(limits: reader.limits)
        do {
            try reader.inflate(entry, dataStart: dataStart, progress: progress) { chunk in
                try scanner.feed(chunk, onRecord: onRecord)
                for workout in scanner.takeWorkouts() { try onWorkout(workout) }
                if stopAtRoot, scanner.rootSeen { throw RootFound() }
            }
            try scanner.finish()
        } catch is RootFound {
            return scanner.summary
        } catch let notExport as NotAHealthExport {
            rejected.append(.triedEntry(entry.name, notExport.why))
            return nil
        } catch let error as AppleHealthImportError where !scanner.rootSeen && error.isCorruptZipEntry {
            rejected.append(.triedEntry(entry.name, error.kind))
            return nil
        } catch var error as AppleHealthImportError {
            if scanner.rootSeen, !error.names(entry: entry.name) { error.kind = .inZipEntry(error.kind, entry: entry.name) }
            if scanner.rootSeen, error.partial == nil { error.partial = scanner.summary }
            throw error
        }
        var summary = scanner.summary
        summary.bytesRead = reader.file.size
        return summary
    }
}
