import QuenchStrings
import Foundation

extension AppleHealthParser {
    /// The file to read for `path`, checked before anything is imported: an `export.zip` or an
    /// XML file with a `<HealthData>` root (whatever its name: `export.xml`, `exportation.xml`,
    /// `exporter.xml`, …), or a folder holding one (the unzipped `apple_health_export/`).
    ///
    /// Reads no more of the file than it takes to find the root element (for a zip, of the
    /// entry that holds it).
    ///
    /// - Throws: ``AppleHealthImportError`` saying what the input is and what to pass instead:
    ///   a folder without an export, a gzip file, the clinical document `export_cda.xml`, a zip
    ///   without a Health export, or anything that is not XML.
    public func resolveInput(path: String) throws -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw AppleHealthImportError(.noSuchPath(path))
        }
        if isFolder.boolValue { return try exportInFolder(path) }
        try check(path: path)
        return path
    }

    /// Throws unless `path` is a zip or XML Health export, read up to its root element.
    func check(path: String) throws {
        let file = try InputFile(path: path)
        let head = try file.bytes(at: 0, count: 4)
        let name = (path as NSString).lastPathComponent
        if head.count >= 2, head[0] == 0x1F, head[1] == 0x8B {
            throw AppleHealthImportError(.gzip(name: name))
        }
        do {
            if ZipArchiveReader.isZip(head) {
                var reader = AppleHealthZipReader(reader: ZipArchiveReader(file: file, limits: limits))
                reader.stopAtRoot = true
                _ = try reader.parse(progress: nil) { _ in }
                return
            }
            try Self.probeXML(file, limits: limits)
        } catch let notExport as NotAHealthExport {
            throw Self.refusal(name, notExport.why)
        } catch let error as AppleHealthImportError {
            guard case .notAnExport(let why) = error.kind else { throw error }
            throw Self.refusal(name, why)
        }
    }

    private static func refusal(_ name: String, _ why: HealthExportText) -> AppleHealthImportError {
        if why.hasRoot("ClinicalDocument") { return AppleHealthImportError(.clinicalDocument(name: name)) }
        return AppleHealthImportError(.notAnExportFile(name: name, why: why))
    }

    /// Feeds the XML until its root element is known.
    private static func probeXML(_ file: InputFile, limits: AppleHealthLimits) throws {
        let scanner = HealthExportScanner(limits: limits)
        let size = 64 << 10
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var offset: Int64 = 0
        while !scanner.rootSeen {
            let n = try file.read(at: offset, count: size, into: buffer.baseAddress!)
            if n == 0 {
                try scanner.finish()
                return
            }
            offset += Int64(n)
            try scanner.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<n])) { _ in }
        }
    }

    /// The Health export in an unzipped export folder (or in its `apple_health_export/`).
    private func exportInFolder(_ folder: String) throws -> String {
        let manager = FileManager.default
        var folders = [folder]
        let nested = (folder as NSString).appendingPathComponent("apple_health_export")
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: nested, isDirectory: &isFolder), isFolder.boolValue { folders.append(nested) }
        for candidateFolder in folders {
            let names = ((try? manager.contentsOfDirectory(atPath: candidateFolder)) ?? []).sorted()
            // export.xml first, then other XML files (localised names), never the CDA document.
            let xml = names.filter { $0.lowercased().hasSuffix(".xml") && !$0.hasPrefix(".") && $0 != "export_cda.xml" }
            for name in xml.filter({ $0 == "export.xml" }) + xml.filter({ $0 != "export.xml" }) {
                let path = (candidateFolder as NSString).appendingPathComponent(name)
                if (try? check(path: path)) != nil { return path }
            }
        }
        throw AppleHealthImportError(.folderWithoutExport(folder))
    }
}
