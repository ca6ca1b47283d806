import Foundation
import QuenchProtocol
import QuenchRuntime
import Synchronization
import ZeroMQ

/// A SUB socket on its own thread that records every `[topic][envelope]` it receives.
final class EventCollector: @unchecked Sendable {
    struct Received: Sendable {
        var topic: String
        var envelope: Envelope
    }

    private final class State: Sendable {
        let received = Mutex<[Received]>([])
        let running = Atomic<Bool>(true)
    }

    private let state = State()
    private let thread: Thread

    init(endpoint: String, prefixes: [String], curve: CurveClientCredentials?) {
        let state = self.state
        thread = Thread {
            guard let context = try? Context(), let socket = try? context.makeSocket(.sub) else { return }
            try? socket.setLinger(0)
            try? socket.setReceiveTimeout(100)
            if let curve {
                try? socket.setCurveServerKey(curve.serverPublicKey)
                try? socket.setCurveKeys(publicKey: curve.publicKey, secretKey: curve.secretKey)
            }
            for prefix in prefixes { try? socket.subscribe(prefix) }
            try? socket.connect(endpoint)
            while state.running.load(ordering: .relaxed) {
                guard let frames = try? socket.receiveMultipart(maxFrames: 4), frames.count == 2,
                      let envelope = try? Envelope.decode(frames[1]) else { continue }
                state.received.withLock { $0.append(Received(topic: String(decoding: frames[0], as: UTF8.self), envelope: envelope)) }
            }
            socket.close()
            context.terminate()
        }
        thread.start()
    }

    var events: [Received] { state.received.withLock { $0 } }

    /// Events other than heartbeats.
    var domainEvents: [Received] { events.filter { $0.envelope.type != EventDescriptor.heartbeat.name } }

    func stop() {
        state.running.store(false, ordering: .relaxed)
    }

    deinit { stop() }
}
