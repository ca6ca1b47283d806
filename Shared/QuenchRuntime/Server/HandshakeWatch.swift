import Glibc
import Logging
import Synchronization
import ZeroMQ

/// Counts, through socket monitors, what a server socket's listener ends without a word to
/// the service: connections closed before their handshake completed (after
/// `limits.handshake.timeout.ms`, or the peer left) and handshakes that broke the protocol;
/// and, every 2 s, whether the process is at its open-files limit (where libzmq cannot accept:
/// it retries `accept` in a loop and would report each failure, hundreds of thousands a
/// second, so failed accepts are not monitored). Each becomes a `RefusalLog` refusal: a
/// counter and a rate-limited line. ZAP refusals are counted by the `Authenticator`.
///
/// Reactor-thread only, like the sockets it watches.
final class HandshakeWatch {
    private static let serial = Atomic<Int>(0)

    private let context: Context
    private let reactor: Reactor
    private let refusals: RefusalLog
    /// By watched socket: the socket and its monitor's reader.
    private var monitors: [ObjectIdentifier: (socket: Socket, reader: Socket)] = [:]
    /// Connections closed before their handshake since the last `trimAfterBurst`.
    private var incompleteSinceTrim = 0

    /// How many incomplete handshakes make a burst worth handing memory back for.
    static let burst = 256

    init(context: Context, reactor: Reactor, refusals: RefusalLog) {
        self.context = context
        self.reactor = reactor
        self.refusals = refusals
    }

    /// Starts counting `socket`'s handshake failures, logged with `stream` (`rpc`, `pub`, `userPub`).
    func watch(_ socket: Socket, stream: String) throws {
        let endpoint = "inproc://quench-handshake-watch-\(getpid())-\(Self.serial.wrappingAdd(1, ordering: .relaxed).newValue)"
        try socket.monitor(endpoint, events: [.handshakeFailedNoDetail, .handshakeFailedProtocol])
        let monitor = try context.makeSocket(.pair)
        try monitor.setLinger(0)
        try monitor.connect(endpoint)
        monitors[ObjectIdentifier(socket)] = (socket, monitor)
        reactor.register(monitor) { [self] in read(monitor, stream: stream) }
    }

    /// Stops watching `socket` (before it is closed).
    func unwatch(_ socket: Socket) {
        guard let monitor = monitors.removeValue(forKey: ObjectIdentifier(socket))?.reader else { return }
        try? socket.stopMonitor()
        reactor.unregister(monitor)
        monitor.close()
    }

    /// Stops watching every socket: each monitor is stopped before its reader closes (an
    /// event sent to a closed reader would block libzmq's I/O thread for good).
    func closeAll() {
        for (socket, reader) in monitors.values {
            if !socket.isClosed { try? socket.stopMonitor() }
            reactor.unregister(reader)
            reader.close()
        }
        monitors.removeAll()
    }

    /// After a burst of connections that never handshook (an idle-connection flood), hands
    /// the memory libzmq allocated for them back to the kernel (each held buffers of ~20 KB
    /// that the allocator would otherwise keep; see `MemoryTuning`). Called every few seconds.
    func trimAfterBurst() {
        guard incompleteSinceTrim >= Self.burst else { return }
        incompleteSinceTrim = 0
        MemoryTuning.trim()
    }

    /// Counted once per check (every 2 s) while the process's open files are within 16 of its
    /// soft limit: new connections wait in the kernel's queue until handshake timeouts free some.
    func checkFileLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return }
        var open = Int(limit.rlim_cur)
        if let folder = opendir("/proc/self/fd") {
            open = -3  // ".", ".." and this listing's own descriptor
            while readdir(folder) != nil { open += 1 }
            closedir(folder)
        } else if errno != EMFILE && errno != ENFILE {
            return
        }
        guard open + 16 >= Int(limit.rlim_cur) else { return }
        refusals.refused(.fileLimit, "at the open-files limit: new connections wait until idle ones time out (limits.max.open.files, limits.handshake.timeout.ms)", level: .error, metadata: [
            "open": "\(open)", "limit": "\(limit.rlim_cur)"])
    }

    private func read(_ monitor: Socket, stream: String) {
        while let frames = try? monitor.receiveMultipart(dontWait: true, maxFrames: 2) {
            guard let event = MonitorEvent(frames: frames) else { continue }
            switch event.event {
            case .handshakeFailedNoDetail:
                incompleteSinceTrim += 1
                refusals.refused(.handshakeIncomplete, "closed a connection that did not complete its handshake in time (limits.handshake.timeout.ms) or left during it", level: .info, metadata: [
                    "stream": "\(stream)", "errno": "\(event.value)"])
            case .handshakeFailedProtocol:
                refusals.refused(.handshakeProtocol, "refused a handshake that broke the protocol (a client without CURVE, or not ZeroMQ)", metadata: [
                    "stream": "\(stream)", "code": "\(event.value)"])
            default:
                break
            }
        }
    }
}
