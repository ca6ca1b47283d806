import Foundation

/// Turns an SVG into a PNG with librsvg's `rsvg-convert`, when it is on PATH.
enum PNGConverter {
    static let tool = "rsvg-convert"

    /// The converter's path: the first executable `rsvg-convert` on PATH, or nil.
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.lazy.map { ($0.isEmpty ? "." : $0) + "/" + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes `svg` as a PNG `width` pixels wide to `path`.
    static func convert(_ svg: String, width: Int, to path: String) throws {
        guard let converter = locate() else { throw CLIError.usage(ShareText.pngMissing) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = ["--format=png", "--width=\(width)", "--output=\(path)"]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw CLIError.io(ShareText.cannotRun(converter, error.localizedDescription))
        }
        // Collect stderr while feeding stdin, so neither pipe can fill up and block.
        // A converter that gives up early (say, on a bad output path) closes its stdin: let the
        // write fail with EPIPE instead of SIGPIPE ending the CLI, and report its exit below.
        signal(SIGPIPE, SIG_IGN)
        let collected = Collected()
        let reader = Thread { collected.data = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        try? input.fileHandleForWriting.write(contentsOf: Data(svg.utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        while !reader.isFinished { Thread.sleep(forTimeInterval: 0.001) }
        guard process.terminationStatus == 0 else {
            let detail = String(decoding: collected.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw CLIError.io(ShareText.converterFailed(tool, status: process.terminationStatus, path: path, detail: detail))
        }
    }

    private final class Collected: @unchecked Sendable {
        var data = Data()
    }
}
