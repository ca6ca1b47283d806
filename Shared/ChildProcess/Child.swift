public import Glibc
import Synchronization

/// A started child process: its pid, the parent's ends of its pipes, signals and waiting.
///
/// Waiting reaps the child once and remembers how it ended; `isRunning` and `termination`
/// never block. A child nobody waits for stays a zombie until this process exits.
public final class Child: Sendable {
    public let pid: pid_t
    /// The write end when standard input is `.pipe`.
    public let standardInput: ChildPipe?
    /// The read end when standard output is `.pipe`.
    public let standardOutput: ChildPipe?
    /// The read end when standard error is `.pipe`.
    public let standardError: ChildPipe?
    private let ended = Mutex<ChildTermination?>(nil)

    init(pid: pid_t, standardInput: ChildPipe?, standardOutput: ChildPipe?, standardError: ChildPipe?) {
        self.pid = pid
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Sends `signal` (unless the child was already reaped: its pid may be reused).
    /// Returns whether it was sent.
    @discardableResult
    public func send(_ signal: Int32) -> Bool {
        ended.withLock { $0 == nil ? Glibc.kill(pid, signal) == 0 : false }
    }

    /// SIGTERM.
    @discardableResult public func terminate() -> Bool { send(SIGTERM) }
    /// SIGKILL.
    @discardableResult public func kill() -> Bool { send(SIGKILL) }
    /// SIGINT.
    @discardableResult public func interrupt() -> Bool { send(SIGINT) }

    /// How it ended, if it has (reaps it then); never blocks.
    public var termination: ChildTermination? { reap() }

    /// Not ended yet.
    public var isRunning: Bool { termination == nil }

    /// Blocks until the child ends.
    @discardableResult
    public func wait() -> ChildTermination {
        while true {
            if let done = reap() { return done }
            // Block without reaping (WNOWAIT), so `reap` keeps the one place that reaps.
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno != EINTR {
                return reap() ?? lost()
            }
        }
    }

    /// Waits up to `timeout`; nil if still running then.
    public func wait(timeout: Duration) -> ChildTermination? {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let done = reap() { return done }
            if ContinuousClock.now >= deadline { return nil }
            usleep(5_000)
        }
    }

    /// Ends it: `signal`, then SIGKILL if it has not ended within `grace`; waits for the end.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, grace: Duration = .seconds(10)) -> ChildTermination {
        send(signal)
        if let done = wait(timeout: grace) { return done }
        kill()
        return wait()
    }

    /// Reads standard output and error (those that are pipes) to their end at the same time,
    /// while writing `input` to standard input (then closing it), so no pipe can fill up and
    /// block either side. A child that stops reading its input early just loses the rest.
    public func collectOutput(input: [UInt8]? = nil) -> (standardOutput: [UInt8], standardError: [UInt8]) {
        var output: [UInt8] = []
        var error: [UInt8] = []
        var pending = input.flatMap { $0.isEmpty ? nil : ArraySlice($0) }
        if pending == nil { standardInput?.close() }
        if let fd = standardInput?.fileDescriptor, fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        var open: [(ChildPipe, Bool)] = [standardOutput.map { ($0, true) }, standardError.map { ($0, false) }].compactMap { $0 }
        while !open.isEmpty || (pending != nil && standardInput != nil) {
            var entries = open.map { pollfd(fd: $0.0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            let writing = pending != nil && (standardInput?.fileDescriptor ?? -1) >= 0
            if writing { entries.append(pollfd(fd: standardInput!.fileDescriptor, events: Int16(POLLOUT), revents: 0)) }
            if !writing && open.isEmpty { break }
            if poll(&entries, nfds_t(entries.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if writing, entries.last!.revents != 0, var rest = pending, let pipe = standardInput {
                let count = rest.withUnsafeBytes { ChildPipe.writeWithoutSIGPIPE(pipe.fileDescriptor, $0.baseAddress!, min($0.count, 65536)) }
                if count > 0 { rest = rest.dropFirst(count) }
                if (count < 0 && errno != EAGAIN && errno != EINTR) || rest.isEmpty {
                    pending = nil
                    pipe.close()
                } else {
                    pending = rest
                }
            }
            var still: [(ChildPipe, Bool)] = []
            for (index, (pipe, isOutput)) in open.enumerated() {
                guard entries[index].revents != 0 else {
                    still.append((pipe, isOutput))
                    continue
                }
                let chunk = pipe.read()
                if chunk.isEmpty {
                    pipe.close()
                } else {
                    if isOutput { output += chunk } else { error += chunk }
                    still.append((pipe, isOutput))
                }
            }
            open = still
        }
        return (output, error)
    }

    private func reap() -> ChildTermination? {
        ended.withLock { ended in
            if let ended { return ended }
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                ended = ChildTermination(waitStatus: status)
            } else if result < 0 && errno == ECHILD {
                ended = .exited(-1)  // reaped elsewhere (say SIGCHLD ignored): the status is lost
            }
            return ended
        }
    }

    private func lost() -> ChildTermination {
        ended.withLock { ended in
            if ended == nil { ended = .exited(-1) }
            return ended!
        }
    }
}
