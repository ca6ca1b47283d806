internal import CZeroMQ
internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

extension Reactor {
    /// The body of the reactor thread.
    func run() {
        threadID.store(currentThreadID(), ordering: .releasing)
        nameCurrentThread(name)
        while true {
            let stopRequested = runPendingJobs()
            if stopRequested { break }
            pollOnce()
            fireDueTimers()
        }
        finish()
        threadID.store(0, ordering: .releasing)
    }

    /// Runs the jobs queued so far; returns whether a stop was requested.
    private func runPendingJobs() -> Bool {
        let stopRequested = shared.withLock { state in
            swap(&state.jobs, &running)
            state.wakePending = false
            return state.stopRequested
        }
        for job in running { job() }
        running.removeAll(keepingCapacity: true)
        return stopRequested
    }

    /// Drains the queue to the end, refusing new work, and releases sockets and timers.
    private func finish() {
        while true {
            let done = shared.withLock { state in
                if state.jobs.isEmpty {
                    state.finished = true
                    return true
                }
                swap(&state.jobs, &running)
                return false
            }
            if done { break }
            for job in running { job() }
            running.removeAll(keepingCapacity: true)
        }
        for registration in registrations { registration.isActive = false }
        registrations.removeAll()
        polled.removeAll()
        timers.removeAll()
    }

    // MARK: Polling

    /// One wait: `poll(2)` on the wake-up descriptor and every socket's `ZMQ_FD`, then the
    /// handlers of the sockets with input.
    ///
    /// `ZMQ_FD` is edge-like: it fires when the socket's state may have changed, and any call on
    /// the socket (a send, a receive, an option) can consume that signal. So before sleeping,
    /// every socket used since it was last seen empty is asked (`ZMQ_EVENTS`); one that was
    /// drained to `EAGAIN` by its handler is not, which keeps an idle round trip to one
    /// `poll`, one `ZMQ_EVENTS` and the handler's own calls (`zmq_poll` asks every socket
    /// before and after each wait).
    private func pollOnce() {
        if pollSetDirty || polled.contains(where: { $0.socket.isClosed }) { rebuildPollSet() }
        let handled = serviceSocketsWithPossibleInput()
        // A handler closed or unregistered a socket: rebuild before polling its descriptor.
        if pollSetDirty || polled.contains(where: { $0.socket.isClosed }) { return }
        var timeout = millisecondsUntilNextTimer()
        if timeout != 0, handled || shared.withLock({ !$0.jobs.isEmpty || $0.stopRequested }) { timeout = 0 }

        let ready = poll(pollItems, nfds_t(polled.count + 1), Int32(clamping: timeout))
        guard ready >= 0 else {
            let code = errno
            if code != EINTR { handlePollError(code) }
            return
        }
        guard ready > 0 else { return }
        if pollItems[0].revents != 0 { wakeup.drain() }
        for index in polled.indices where pollItems[index + 1].revents != 0 {
            polled[index].socket.mayHaveUnsignalledInput = true
        }
        _ = serviceSocketsWithPossibleInput()
    }

    /// Runs the handler of every socket that may have input and has; returns whether any ran.
    private func serviceSocketsWithPossibleInput() -> Bool {
        var handled = false
        for registration in polled where registration.isActive && registration.socket.mayHaveUnsignalledInput {
            let socket = registration.socket
            guard !socket.isClosed else { continue }
            let events: PollEvents
            do {
                events = try socket.events
            } catch let error as ZMQError {
                handlePollError(error.code)
                return handled
            } catch {
                continue
            }
            if events.contains(.pollIn), registration.isActive, !socket.isClosed {
                registration.handler()
                handled = true
            }
        }
        return handled
    }

    private func rebuildPollSet() {
        registrations.removeAll { registration in
            guard registration.socket.isClosed else { return false }
            registration.isActive = false
            return true
        }
        polled.removeAll(keepingCapacity: true)
        polled.append(contentsOf: registrations)
        if polled.count + 1 > pollCapacity {
            pollItems.deallocate()
            pollCapacity = max(pollCapacity * 2, polled.count + 1)
            pollItems = .allocate(capacity: pollCapacity)
        }
        pollItems[0] = pollfd(fd: wakeup.fileDescriptor, events: Int16(POLLIN), revents: 0)
        for (index, registration) in polled.enumerated() {
            // A socket whose descriptor cannot be read is polled as -1 (ignored by poll) and
            // still asked before every wait.
            let fd = (try? registration.socket.fileDescriptor) ?? -1
            pollItems[index + 1] = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        }
        pollSetDirty = false
    }

    /// `EINTR` is retried by the loop; `ETERM` means the context is going away, so the reactor
    /// closes its registered sockets (it owns them) to let `zmq_ctx_term` finish.
    private func handlePollError(_ code: Int32) {
        switch code {
        case EINTR:
            return
        case ETERM:
            for registration in registrations {
                registration.isActive = false
                registration.socket.close()
            }
            registrations.removeAll()
            pollSetDirty = true
        default:
            pollSetDirty = true
            usleep(1000)
        }
    }

    // MARK: Timers

    private func millisecondsUntilNextTimer() -> Int {
        var next: ContinuousClock.Instant?
        for timer in timers where !timer.isCancelled {
            if next.map({ timer.deadline < $0 }) ?? true { next = timer.deadline }
        }
        guard let next else { return -1 }
        let remaining = next - clock.now
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int(Int32.max) }
        return Int(min(milliseconds.partialValue + (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond, Int64(Int32.max)))
    }

    private func fireDueTimers() {
        guard !timers.isEmpty else { return }
        let now = clock.now
        let count = timers.count
        for index in 0..<count {
            let timer = timers[index]
            guard !timer.isCancelled, timer.deadline <= now else { continue }
            if let interval = timer.interval {
                timer.deadline += interval
                if timer.deadline <= now { timer.deadline = now + interval }
            } else {
                timer.isCancelled = true
                timersNeedCompaction = true
            }
            timer.handler()
        }
        if timersNeedCompaction {
            timers.removeAll { $0.isCancelled }
            timersNeedCompaction = false
        }
    }
}
