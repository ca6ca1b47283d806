import Foundation

/// How many columns the terminal has: `COLUMNS` when set to a positive number, else the
/// terminal's own size (ioctl TIOCGWINSZ on stdout), else 80 (a pipe or a file).
enum TerminalSize {
    static let fallbackColumns = 80

    static func columns(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text.trimmingCharacters(in: .whitespaces)), columns > 0 {
            return columns
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        return fallbackColumns
    }
}
