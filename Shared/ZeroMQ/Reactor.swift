internal import CZeroMQ
internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// An event loop on one dedicated OS thread (not Swift's cooperative pool) that owns sockets and
/// runs a `zmq_poll` loop, like CZMQ's `zloop`.
///
/// Everything that touches the reactor's sockets runs on its thread: socket handlers, timers and
/// work submitted with `execute` or `perform`. Sockets created or first used inside that work
/// become owned by the reactor thread. The thread keeps the reactor alive until `stop()`.
public final class Reactor: @unchecked Sendable {
    typealias Job = @Sendable () -> Void

    struct SharedState {
        var jobs: [Job] = []
        var wakePending = false
        var stopRequested = false
        var finished = false
    }

    struct JoinState {
        var thread: pthread_t?
        var joined = false
    }

    /// The name given at creation; also the OS thread name (truncated to 15 bytes).
    public let name: String

    let wakeup: WakeupSignal
    let shared = Mutex(SharedState())
    let threadID = Atomic<UInt>(0)
    private let joinState = Mutex(JoinState())

    // Reactor-thread state.
    var running: [Job] = []
    var registrations: [ReactorRegistration] = []
    var polled: [ReactorRegistration] = []
    var pollItems: UnsafeMutablePointer<pollfd>
    var pollCapacity: Int
    var pollSetDirty = true
    var timers: [ReactorTimer] = []
    var timersNeedCompaction = false
    var nextTimerID = 1
    let clock = ContinuousClock()

    /// Starts the reactor thread.
    public init(name: String) throws {
        self.name = name
        self.wakeup = try WakeupSignal()
        pollCapacity = 8
        pollItems = .allocate(capacity: pollCapacity)
        running.reserveCapacity(16)
        shared.withLock { $0.jobs.reserveCapacity(16) }

        let context = Unmanaged.passRetained(self).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let rc = pthread_create(&thread, nil, reactorThreadMain, context)
        guard rc == 0 else {
            Unmanaged<Reactor>.fromOpaque(context).release()
            throw ZMQError(code: rc, operation: "pthread_create(\(name))")
        }
        joinState.withLock { $0.thread = thread }
    }

    deinit {
        joinState.withLock { state in
            if let thread = state.thread, !state.joined { pthread_detach(thread) }
        }
        pollItems.deallocate()
    }

    /// Whether the caller is running on this reactor's thread.
    public var isOnReactorThread: Bool {
        threadID.load(ordering: .acquiring) == currentThreadID()
    }

    // MARK: Submitting work

    /// Runs `body` on the reactor thread and returns its result (or rethrows its error).
    ///
    /// `body` runs even if the calling task is cancelled meanwhile.
    /// - Throws: `ReactorStopped` if the reactor has already stopped.
    @discardableResult
    public func perform<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        if isOnReactorThread { return try body() }
        return try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<T, any Error>) in
            let accepted = enqueue {
                continuation.resume(with: Result(catching: body))
            }
            if !accepted { continuation.resume(throwing: ReactorStopped(reactorName: name)) }
        }
    }

    /// Schedules `body` on the reactor thread, after all work scheduled before it.
    ///
    /// Thread-safe; wakes a waiting poll at once. Work scheduled before `stop()` completes still
    /// runs; once the reactor has stopped, `body` is dropped.
    public func execute(_ body: @escaping @Sendable () -> Void) {
        enqueue(body)
    }

    @discardableResult
    func enqueue(_ job: @escaping Job) -> Bool {
        if isOnReactorThread {
            return shared.withLock { state in
                guard !state.finished else { return false }
                state.jobs.append(job)
                return true
            }
        }
        let (accepted, needsSignal) = shared.withLock { state -> (Bool, Bool) in
            guard !state.finished else { return (false, false) }
            state.jobs.append(job)
            defer { state.wakePending = true }
            return (true, !state.wakePending)
        }
        if needsSignal { wakeup.signal() }
        return accepted
    }

    // MARK: Sockets

    /// Calls `handler` on the reactor thread whenever `socket` is readable. Reactor thread only.
    ///
    /// The reactor sleeps in `poll(2)` on the socket's `ZMQ_FD` and asks `ZMQ_EVENTS` only when
    /// that descriptor fires or the socket was used since it was last seen empty; the handler
    /// is called while `ZMQ_EVENTS` shows input, so it should drain the socket (`dontWait: true`
    /// until `nil`), which also tells the reactor the socket is empty without another look.
    /// Registering a socket again replaces its handler. A socket closed while registered is
    /// dropped automatically. The socket becomes owned by the reactor thread.
    public func register(_ socket: Socket, handler: @escaping () -> Void) {
        precondition(isOnReactorThread, "Reactor.register must be called on the reactor thread")
        socket.checkOwner()
        unregister(socket)
        registrations.append(ReactorRegistration(socket: socket, handler: handler))
        pollSetDirty = true
    }

    /// Stops watching `socket`. Reactor thread only.
    public func unregister(_ socket: Socket) {
        precondition(isOnReactorThread, "Reactor.unregister must be called on the reactor thread")
        guard let index = registrations.firstIndex(where: { $0.socket === socket }) else { return }
        registrations[index].isActive = false
        registrations.remove(at: index)
        pollSetDirty = true
    }

    // MARK: Timers

    /// Calls `handler` every `interval` (> 0) on the reactor thread. Reactor thread only.
    /// A late timer fires once and then keeps its period from that moment (no bursts).
    /// - Returns: An id for `cancelTimer`.
    @discardableResult
    public func addTimer(every interval: Duration, handler: @escaping () -> Void) -> Int {
        precondition(interval > .zero, "Reactor timer interval must be positive")
        return addTimer(deadline: clock.now + interval, interval: interval, handler: handler)
    }

    /// Calls `handler` once after `delay` on the reactor thread. Reactor thread only.
    /// - Returns: An id for `cancelTimer`.
    @discardableResult
    public func addTimer(after delay: Duration, handler: @escaping () -> Void) -> Int {
        addTimer(deadline: clock.now + delay, interval: nil, handler: handler)
    }

    /// Cancels a timer; unknown or already finished ids are ignored. Reactor thread only.
    public func cancelTimer(_ id: Int) {
        precondition(isOnReactorThread, "Reactor.cancelTimer must be called on the reactor thread")
        guard let timer = timers.first(where: { $0.id == id && !$0.isCancelled }) else { return }
        timer.isCancelled = true
        timersNeedCompaction = true
    }

    private func addTimer(deadline: ContinuousClock.Instant, interval: Duration?, handler: @escaping () -> Void) -> Int {
        precondition(isOnReactorThread, "Reactor.addTimer must be called on the reactor thread")
        let id = nextTimerID
        nextTimerID += 1
        timers.append(ReactorTimer(id: id, deadline: deadline, interval: interval, handler: handler))
        return id
    }

    // MARK: Stopping

    /// Stops the loop after the current iteration, runs the work already queued with `execute`
    /// or `perform`, and joins the thread. Idempotent and callable from any thread; on the reactor
    /// thread itself it only requests the stop. Registered sockets and timers are released
    /// (not closed) on the reactor thread.
    public func stop() {
        let first = shared.withLock { state in
            defer { state.stopRequested = true }
            return !state.stopRequested
        }
        if first { wakeup.signal() }
        guard !isOnReactorThread else { return }
        joinState.withLock { state in
            guard !state.joined, let thread = state.thread else { return }
            pthread_join(thread, nil)
            state.joined = true
        }
    }
}

#if canImport(Darwin)
private func reactorThreadMain(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<Reactor>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#else
private func reactorThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<Reactor>.fromOpaque(context!).takeRetainedValue().run()
    return nil
}
#endif
