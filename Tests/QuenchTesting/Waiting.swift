public import Foundation
import QuenchTestSupport

/// A fresh temporary folder for one test.
public func temporaryDirectory(_ label: String) -> URL {
    TestScratch.directory(label)
}

/// How long a test waits for something that normally happens within a second (a service
/// catching up, a log line, a process being ready): generous enough for a loaded 2-core machine
/// running two suites at once (15 s was seen to run out there). Polled, so a passing test
/// never waits longer than the condition takes; only a failing one spends it all.
public let patientWait: Duration = .seconds(90)

/// `patientWait` in seconds, for the waits written with `Date`.
public let patientWaitSeconds: TimeInterval = 90

/// Polls `condition` until it holds or `timeout` passes.
public func eventually(timeout: Duration = patientWait, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
