import Foundation
import QuenchClient
import Synchronization
import ZeroMQ
import QuenchStrings

/// What `quench subscribe` says on stderr about its publishers (stdout keeps the events,
/// so `--json` output stays clean): a publisher not connected within `grace` is reported
/// unreachable, and again every `reminder` while it stays so (libzmq keeps reconnecting);
/// when it connects after that, a line says so. Runs on the subscribe reactor's thread.
final class PublisherStatus: @unchecked Sendable {
    static let grace: Duration = .milliseconds(1500)
    static let reminder: Duration = .seconds(5)

    private let reactor: Reactor
    private let started = ContinuousClock.now
    private var connected: [String: Bool] = [:]
    private var reported: Set<String> = []
    private var addresses: [String: String] = [:]
    private var monitors: [Socket] = []
    private static let counter = Atomic<Int>(0)
    /// The run's language, kept for the reactor's thread.
    private let localizer = Localizer.current

    init(reactor: Reactor) {
        self.reactor = reactor
    }

    /// Watches `socket`'s connection to `publisher` (call on the reactor thread, before connecting).
    func watch(_ socket: Socket, publisher: String, address: String) throws {
        let endpoint = "inproc://quench-subscribe-monitor-\(Self.counter.add(1, ordering: .relaxed).newValue)"
        try socket.monitor(endpoint, events: [.handshakeSucceeded, .connected, .disconnected, .handshakeFailedAuth])
        let monitor = try SharedContext.context.makeSocket(.pair)
        try monitor.setLinger(0)
        try monitor.connect(endpoint)
        monitors.append(monitor)
        connected[publisher] = false
        addresses[publisher] = address
        reactor.register(monitor) { [self] in
            while let frames = try? monitor.receiveMultipart(dontWait: true, maxFrames: 4) {
                guard let event = MonitorEvent(frames: frames) else { continue }
                switch event.event {
                case .connected, .handshakeSucceeded: changed(publisher, to: true)
                case .disconnected: changed(publisher, to: false)
                case .handshakeFailedAuth:
                    say(localizer(SystemText.refusedKey(publisher: publisher)))
                default: break
                }
            }
        }
    }

    /// Starts the grace timer (call once every publisher is watched).
    func start() {
        _ = reactor.addTimer(after: Self.grace) { [self] in remind() }
    }

    private func remind() {
        let down = connected.filter { !$0.value }.map(\.key).sorted()
        for publisher in down {
            let since = ContinuousClock.now - started
            let address = addresses[publisher] ?? "?"
            let seconds = String(since.components.seconds)
            say(reported.contains(publisher)
                ? localizer(SystemText.stillUnreachable(publisher: publisher, address: address, seconds: seconds))
                : localizer(SystemText.unreachable(publisher: publisher, address: address, seconds: seconds)))
            reported.insert(publisher)
        }
        _ = reactor.addTimer(after: Self.reminder) { [self] in remind() }
    }

    private func changed(_ publisher: String, to isConnected: Bool) {
        guard connected[publisher] != isConnected else { return }
        connected[publisher] = isConnected
        if isConnected, reported.remove(publisher) != nil {
            say(localizer(SystemText.connected(publisher: publisher)))
        } else if !isConnected {
            reported.insert(publisher)
            say(localizer(SystemText.connectionLost(publisher: publisher)))
        }
    }

    private func say(_ line: String) {
        FileHandle.standardError.write(Data("quench subscribe: \(line)\n".utf8))
    }
}
