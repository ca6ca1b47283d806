/// How a child ended: its exit code, or the signal that ended it.
public enum ChildTermination: Sendable, Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    /// The exit code, or the signal number (what Foundation's `terminationStatus` gave).
    public var status: Int32 {
        switch self {
        case .exited(let code): code
        case .signalled(let signal): signal
        }
    }

    /// Exited with code 0.
    public var succeeded: Bool { self == .exited(0) }

    public var description: String {
        switch self {
        case .exited(let code): "exited with code \(code)"
        case .signalled(let signal): "ended by signal \(signal)"
        }
    }

    /// Decodes a `waitpid` status (only exits and signals: no WUNTRACED/WCONTINUED here).
    init(waitStatus status: Int32) {
        let low = status & 0x7f
        self = low == 0 ? .exited((status >> 8) & 0xff) : .signalled(low)
    }
}
