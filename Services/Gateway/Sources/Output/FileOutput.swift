import Foundation
import QuenchStrings

/// Writing a command's document to a file the user named.
enum FileOutput {
    /// Writes `text` to `path` atomically (a reader never sees half a file).
    static func write(_ text: String, to path: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError.io(tr(SetupText.cannotWrite(path: path, reason: diagnostic(error))))
        }
    }

    /// The size of the file at `path` in bytes, 0 when it cannot be read.
    static func size(of path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// What a command that wrote files reports with --json.
    struct Written: Encodable {
        var file: String
        var format: String
        var bytes: Int
    }
}
