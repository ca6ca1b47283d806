public import Foundation
import QuenchTestSupport

/// A fresh temporary folder for one test.
public func temporaryDirectory(_ label: String) -> URL {
    TestScratch.directory(label)
}

/// Polls `condition` until it holds or `timeout` passes.
public func eventually(timeout: Duration = .seconds(15), _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}
