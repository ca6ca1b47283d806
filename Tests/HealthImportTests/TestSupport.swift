import Foundation
import HealthImport
import QuenchTestSupport
import ZIPFoundation

/// Temporary files and small builders shared by the tests.
enum TestSupport {
    static func temporaryPath(_ name: String) -> String {
        TestScratch.file("health-import", named: name).path
    }

    static func write(_ text: String, named name: String = "export.xml") throws -> String {
        let path = temporaryPath(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes a deflated zip holding the given entries in order.
    static func zip(_ entries: [(name: String, bytes: [UInt8])], named name: String = "export.zip") throws -> String {
        let path = temporaryPath(name)
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for entry in entries {
            let data = Data(entry.bytes)
            try archive.addEntry(with: entry.name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return path
    }

    /// Splits bytes into chunks of `size`.
    static func chunks(_ text: String, size: Int) -> [[UInt8]] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    static func date(_ epoch: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(epoch)) }

    /// Parses and collects; returns the records and either the summary or the error.
    static func collect(_ body: ((HealthRecord) throws -> Void) throws -> AppleHealthSummary) -> ([HealthRecord], Result<AppleHealthSummary, any Error>) {
        var records: [HealthRecord] = []
        let result = Result { try body { records.append($0) } }
        return (records, result)
    }
}
