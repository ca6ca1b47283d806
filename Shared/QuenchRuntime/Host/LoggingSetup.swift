public import Logging
import Synchronization

/// Bootstraps swift-log once per process: lines on stderr, at the configured level.
public enum LoggingSetup {
    private static let done = Mutex(false)

    public static func bootstrap(level: Logger.Level) {
        let first = done.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
