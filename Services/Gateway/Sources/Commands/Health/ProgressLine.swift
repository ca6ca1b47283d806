import Foundation
import Synchronization
import QuenchStrings

/// A live progress bar on one terminal line (`\r`-redrawn at most 10 times a second),
/// only when stdout is a terminal and output is for people.
final class ProgressLine: Sendable {
    private let enabled: Bool
    private let style: Style
    private let label: String
    private let lastDraw = Mutex<ContinuousClock.Instant?>(nil)
    /// The run's language, kept for updates from threads outside the command's task.
    private let localizer = Localizer.current
    /// The terminal's width when the import began.
    private let columns = TerminalSize.columns()

    init(output: Output, label: String) {
        enabled = output.isTerminal && !output.json
        style = output.style
        self.label = label
    }

    /// Called from any thread with bytes read of `total`, and records so far.
    func update(done: Int64, total: Int64, records: Int) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let due = lastDraw.withLock { last -> Bool in
            if let last, now - last < .milliseconds(100), done < total { return false }
            last = now
            return true
        }
        guard due else { return }
        let fraction = total > 0 ? Double(done) / Double(total) : 0
        let percent = localizer.percent((fraction * 100).rounded(.down))
        let count = localizer(ImportText.progressRecords(records))
        // A line longer than the terminal wraps and `\r` no longer redraws it: the bar gives way.
        let width = Charts.barWidth(besides: label.count + percent.count + count.count + 4, columns: columns)
        let text = "\r\(label) \(Charts.progressBar(fraction: fraction, width: width, style: style)) \(percent)  \(count)"
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Clears the line.
    func end() {
        guard enabled, lastDraw.withLock({ $0 != nil }) else { return }
        FileHandle.standardOutput.write(Data("\r\u{1B}[2K".utf8))
    }
}
