import ChildProcess
import Foundation
import QuenchStrings

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
        // Stderr is collected while stdin is fed, so neither pipe can fill up and block. A
        // converter that gives up early (say, on a bad output path) closes its stdin: the write
        // fails with EPIPE (the launcher keeps SIGPIPE from ending the CLI); its exit says why.
        let result: ChildOutput
        do {
            result = try ChildCommand(
                converter, arguments: ["--format=png", "--width=\(width)", "--output=\(path)"],
                standardOutput: .null, standardError: .pipe
            ).run(input: Array(svg.utf8))
        } catch {
            throw CLIError.io(ShareText.cannotRun(converter, tr(SystemErrorText(errno: error.code))))
        }
        guard result.termination.succeeded else {
            let detail = result.standardErrorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw CLIError.io(ShareText.converterFailed(tool, status: result.status, path: path, detail: detail))
        }
    }
}
