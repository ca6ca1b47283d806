import Dispatch

/// Runs async work from a thread that may block (an importer's parser thread, never a task's).
enum Blocking {
    /// Starts `work` in a task and waits on this thread for its result.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Outcome<T>()
        Task {
            do {
                outcome.result = .success(try await work())
            } catch {
                outcome.result = .failure(error)
            }
            outcome.done.signal()
        }
        outcome.done.wait()
        guard let result = outcome.result else { throw CancellationError() }
        return try result.get()
    }

    /// The result, handed from the task to the waiting thread (written before `done` is signalled, read after).
    private final class Outcome<T: Sendable>: @unchecked Sendable {
        var result: Result<T, any Error>?
        let done = DispatchSemaphore(value: 0)
    }
}
