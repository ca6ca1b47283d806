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
        setThreadName()
        while true {
            let stopRequested = runPendingJobs()
            if stopRequested { break }
            pollOnce()
            fireDueTimers()
        }
        finish()
        threadID.store(0, ordering: .releasing)
    }

    private func setThreadName() {
        var bytes = Array(name.utf8.prefix(15))
        while !bytes.isEmpty, String(validating: bytes, as: UTF8.self) == nil { bytes.removeLast() }
        let threadName = String(decoding: bytes, as: UTF8.self)
        #if canImport(Darwin)
        _ = pthread_setname_np(threadName)
        #else
        let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = write(fd, threadName, threadName.utf8.count)
        close(fd)
        #endif
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

    private func pollOnce() {
        if pollSetDirty || polled.contains(where: { $0.socket.isClosed }) { rebuildPollSet() }
        var timeout = millisecondsUntilNextTimer()
        if timeout != 0, shared.withLock({ !$0.jobs.isEmpty || $0.stopRequested }) { timeout = 0 }

        let ready = zmq_poll(pollItems, Int32(polled.count + 1), timeout)
        guard ready >= 0 else {
            handlePollError(zmq_errno())
            return
        }
        guard ready > 0 else { return }
        if pollItems[0].revents != 0 { wakeup.drain() }
        let readable = Int16(ZMQ_POLLIN)
        for index in polled.indices where pollItems[index + 1].revents & readable != 0 {
            let registration = polled[index]
            if registration.isActive, !registration.socket.isClosed { registration.handler() }
        }
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
        var wake = zmq_pollitem_t()
        wake.fd = wakeup.fileDescriptor
        wake.events = Int16(ZMQ_POLLIN)
        pollItems[0] = wake
        for (index, registration) in polled.enumerated() {
            var item = zmq_pollitem_t()
            item.socket = registration.socket.handle
            item.events = Int16(ZMQ_POLLIN)
            pollItems[index + 1] = item
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
