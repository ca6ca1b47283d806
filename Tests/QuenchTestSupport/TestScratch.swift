public import Foundation
import Synchronization

/// Folders for the files a test writes (databases, exports, service data), all under one
/// root per test process, `$TMPDIR/quench-tests-<pid>`, which is removed when the process
/// exits; the roots of earlier runs whose process is gone (a crash, a kill) are removed when
/// the next run starts. Set `QUENCH_KEEP_TEST_FILES=1` to keep them for a look after a failure.
public enum TestScratch {
    private static let root = Mutex<URL?>(nil)

    /// A new, empty folder named after `label`.
    public static func directory(_ label: String) -> URL {
        let url = processRoot().appendingPathComponent("\(label)-\(UUID().uuidString.prefix(8))")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A path for a new file named `name` in a folder of its own.
    public static func file(_ label: String, named name: String) -> URL {
        directory(label).appendingPathComponent(name)
    }

    private static let prefix = "quench-tests-"

    private static func processRoot() -> URL {
        root.withLock { root in
            if let root { return root }
            let temporary = FileManager.default.temporaryDirectory
            removeAbandonedRoots(in: temporary)
            let url = temporary.appendingPathComponent("\(prefix)\(getpid())")
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            root = url
            if ProcessInfo.processInfo.environment["QUENCH_KEEP_TEST_FILES"] != "1" {
                atexit {
                    if let url = TestScratch.root.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) }
                }
            }
            return url
        }
    }

    /// Removes the roots of test processes that no longer run.
    private static func removeAbandonedRoots(in temporary: URL) {
        guard ProcessInfo.processInfo.environment["QUENCH_KEEP_TEST_FILES"] != "1",
              let names = try? FileManager.default.contentsOfDirectory(atPath: temporary.path) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            // kill(pid, 0) fails with ESRCH once the process is gone.
            if kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
    }
}
