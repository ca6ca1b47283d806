import Foundation

/// How many columns the terminal has: `COLUMNS` when set to a positive number, else the
/// terminal's own size (ioctl TIOCGWINSZ on stdout), else 80 (a pipe or a file).
enum TerminalSize {
    static let fallbackColumns = 80

    static func columns(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        given(environment) ?? size(of: STDOUT_FILENO) ?? fallbackColumns
    }

    /// The width prose wraps at: `COLUMNS` when set, else the size of the terminal stdout or
    /// stderr is; nil for a pipe or a file without `COLUMNS` (a sentence then stays on one
    /// line, for grep and logs; tables and charts are still laid out for ``columns(environment:)``).
    static func proseColumns(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        given(environment) ?? size(of: STDOUT_FILENO) ?? size(of: STDERR_FILENO)
    }

    /// `COLUMNS`, when a positive number.
    private static func given(_ environment: [String: String]) -> Int? {
        guard let text = environment["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)), columns > 0 else { return nil }
        return columns
    }

    /// The width of the terminal `descriptor` is, nil when it is none.
    private static func size(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
