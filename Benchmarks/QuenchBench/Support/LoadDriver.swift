import Glibc
import QuenchClient
import ZeroMQ

/// Many DEALER sockets (one per simulated client) driven from one thread with `zmq_poll`,
/// each with several requests in flight. The same driver loads the raw echo and Quench.
final class LoadDriver {
    struct ClosedLoopResult {
        var completed: Int
        var errors: Int
        var seconds: Double
        var perSecond: Double { Double(completed) / seconds }
    }

    struct OpenLoopResult {
        var latenciesMicros: Samples
        var errors: Int
        /// Errors by kind: the error reply's code, or "unmatched reply" for a reply that is not
        /// one to a request of this run.
        var errorKinds: [String: Int]
        var unanswered: Int
        var sent: Int
        var seconds: Double
    }

    private let sockets: [Socket]

    /// " (resource_exhausted 120, unmatched reply 2)", most frequent first; "" for none.
    static func describe(_ kinds: [String: Int]) -> String {
        guard !kinds.isEmpty else { return "" }
        let sorted = kinds.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        return " (" + sorted.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")"
    }

    init(context: Context, endpoint: String, clients: Int, curve: CurveClientCredentials?, warmUp: [UInt8]) throws {
        var sockets: [Socket] = []
        for _ in 0..<clients {
            let socket = try context.makeSocket(.dealer)
            try socket.setLinger(0)
            try socket.setSendHighWaterMark(100_000)
            try socket.setReceiveHighWaterMark(100_000)
            if let curve {
                try socket.setCurveServerKey(curve.serverPublicKey)
                try socket.setCurveKeys(publicKey: curve.publicKey, secretKey: curve.secretKey)
            }
            try socket.connect(endpoint)
            sockets.append(socket)
        }
        self.sockets = sockets
        for socket in sockets {
            try socket.send([[], warmUp])
            try socket.setReceiveTimeout(10_000)
            guard try socket.receiveMultipart(maxFrames: 4) != nil else { throw BenchError("no reply from \(endpoint) while warming up") }
            try socket.setReceiveTimeout(-1)
        }
    }

    func close() {
        for socket in sockets { socket.close() }
    }

    /// Each socket keeps `window` requests in flight for `seconds`; counts replies received
    /// before the end, then drains the rest (up to 10 s) so the next run starts clean.
    func closedLoop(
        window: Int, seconds: Double, make: (Int) throws -> [UInt8], isOK: ([UInt8]) -> Bool
    ) throws -> ClosedLoopResult {
        var items = sockets.map { PollItem(.socket($0), events: .pollIn) }
        var inFlight = 0
        var made = 0
        for socket in sockets {
            for _ in 0..<window {
                try socket.send([[], try make(made)])
                made += 1
                inFlight += 1
            }
        }
        let start = Clock.nanos()
        let end = start + UInt64(seconds * 1e9)
        var completed = 0
        var errors = 0
        var stopAt: UInt64 = 0
        while inFlight > 0 {
            let now = Clock.nanos()
            if now >= end, stopAt == 0 { stopAt = now }
            if stopAt != 0, now > stopAt + 10_000_000_000 { break }
            _ = try poll(&items, timeoutMilliseconds: 10)
            for index in items.indices where items[index].returned.contains(.pollIn) {
                let socket = sockets[index]
                while let frames = try socket.receiveMultipart(dontWait: true, maxFrames: 4) {
                    inFlight -= 1
                    let ok = frames.count == 2 && isOK(frames[1])
                    if stopAt == 0 {
                        if ok { completed += 1 } else { errors += 1 }
                        try socket.send([[], try make(made)])
                        made += 1
                        inFlight += 1
                    }
                }
            }
        }
        return ClosedLoopResult(completed: completed, errors: errors, seconds: Double(end - start) / 1e9)
    }

    /// Sends at `rate` per second for `seconds` on a fixed schedule, round robin over the
    /// sockets, whatever the replies do (open loop); a latency runs from the request's
    /// scheduled instant to its reply, so a stalled server is not hidden.
    func openLoop(
        rate: Double, seconds: Double, make: (Int) throws -> (id: String, bytes: [UInt8]),
        replyTo: ([UInt8]) -> (id: String, error: String?)?
    ) throws -> OpenLoopResult {
        // Between sends the driver sleeps in poll(2) on a timer armed for the next due
        // instant and on every socket's ZMQ_FD. ZMQ_FD is edge-like (any call on the socket
        // may consume its signal), so a socket is read until empty whenever its descriptor
        // fired or a request was sent on it, before the driver sleeps again.
        let timer = try WakeTimer()
        var descriptors = [pollfd(fd: timer.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        for socket in sockets {
            descriptors.append(pollfd(fd: try socket.fileDescriptor, events: Int16(POLLIN), revents: 0))
        }
        var touched = [Bool](repeating: true, count: sockets.count)
        let interval = 1e9 / rate
        let total = Int(rate * seconds)
        var scheduled: [String: UInt64] = [:]
        scheduled.reserveCapacity(total)
        var latencies = Samples()
        var errors = 0
        var errorKinds: [String: Int] = [:]
        var sent = 0
        let start = Clock.nanos()
        let deadline = start + UInt64((seconds + 10) * 1e9)
        func due(_ index: Int) -> UInt64 { start + UInt64(Double(index) * interval) }
        while (sent < total || !scheduled.isEmpty) && Clock.nanos() < deadline {
            let now = Clock.nanos()
            while sent < total, due(sent) <= now {
                let request = try make(sent)
                scheduled[request.id] = due(sent)
                let index = sent % sockets.count
                try sockets[index].send([[], request.bytes])
                touched[index] = true
                sent += 1
            }
            for index in sockets.indices where touched[index] {
                touched[index] = false
                while let frames = try sockets[index].receiveMultipart(dontWait: true, maxFrames: 4) {
                    let arrived = Clock.nanos()
                    guard frames.count == 2, let reply = replyTo(frames[1]), let due = scheduled.removeValue(forKey: reply.id) else {
                        errors += 1
                        errorKinds["unmatched reply", default: 0] += 1
                        continue
                    }
                    if let error = reply.error {
                        errors += 1
                        errorKinds[error, default: 0] += 1
                    } else {
                        latencies.append(Double(arrived - due) / 1e3)
                    }
                }
            }
            let later = Clock.nanos()
            let nextDue = sent < total ? due(sent) : later + 5_000_000
            guard nextDue > later else { continue }
            timer.arm(inNanos: nextDue - later)
            for index in descriptors.indices { descriptors[index].revents = 0 }
            _ = poll(&descriptors, nfds_t(descriptors.count), 100)
            if descriptors[0].revents != 0 { timer.acknowledge() }
            for index in sockets.indices where descriptors[index + 1].revents != 0 { touched[index] = true }
        }
        return OpenLoopResult(latenciesMicros: latencies, errors: errors, errorKinds: errorKinds, unanswered: scheduled.count, sent: sent, seconds: seconds)
    }
}
