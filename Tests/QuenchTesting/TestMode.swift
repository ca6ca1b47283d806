import Foundation

/// How a test written against ``TestSystem`` runs its services (Hummingbird's test kit has
/// `.router` and `.live` the same way):
/// - ``inProcess``: each service's real handlers, request dispatcher, group committer, outbox
///   and subscriber appliers on a temporary SQLite file, called without sockets;
/// - ``live``: the real `quench-<service>` executables on loopback sockets, called through
///   `RPCClient`, their subscribers following each other over ZeroMQ.
public enum TestMode: String, Sendable, CaseIterable, CustomStringConvertible {
    case inProcess = "in-process"
    case live

    public var description: String { rawValue }

    /// The modes a test written for both runs in: in process always, live as well when
    /// `QUENCH_TEST_LIVE=1` (`QUENCH_TEST_LIVE=1 swift test --skip-build --filter …`).
    public static var selected: [TestMode] {
        ProcessInfo.processInfo.environment["QUENCH_TEST_LIVE"] == "1" ? [.inProcess, .live] : [.inProcess]
    }
}
