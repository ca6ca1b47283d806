import Foundation
import Synchronization
import ZeroMQ

/// The reference server: a ROUTER on its own thread and libzmq context that answers every
/// request `[id][empty][bytes]` at once with `[id][empty][reply]` — `reply` fixed (a real
/// Quench reply of the same size), or the request's own bytes when nil. No decoding, no
/// handler: the cost of libzmq alone.
final class RawEchoServer: @unchecked Sendable {
    let endpoint: String
    private let context: Context
    private let stopping = Atomic(false)
    private let started = Mutex<Result<Void, any Error>?>(nil)
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    init(endpoint: String, reply: [UInt8]?, curve: CurveKeyPair?) throws {
        self.endpoint = endpoint
        context = try Context(ioThreads: 1)
        let thread = Thread { [self] in
            defer { self.finished.signal() }
            let router: Socket
            do {
                router = try self.context.makeSocket(.router)
                try router.setLinger(0)
                try router.setReceiveTimeout(100)
                try router.setSendHighWaterMark(100_000)
                try router.setReceiveHighWaterMark(100_000)
                if let curve {
                    try router.setCurveServer(true)
                    try router.setCurveKeys(publicKey: curve.publicKey, secretKey: curve.secretKey)
                }
                try router.bind(endpoint)
                self.started.withLock { $0 = .success(()) }
            } catch {
                self.started.withLock { $0 = .failure(error) }
                return
            }
            while !self.stopping.load(ordering: .relaxed) {
                guard let frames = try? router.receiveMultipart(maxFrames: 4), frames.count == 3 else { continue }
                _ = try? router.send([frames[0], [], reply ?? frames[2]], dontWait: true)
            }
            router.close()
        }
        thread.name = "raw-echo"
        self.thread = thread
        thread.start()
        while true {
            if let result = started.withLock({ $0 }) {
                try result.get()
                break
            }
            usleep(1000)
        }
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
        finished.wait()
        context.terminate()
    }
}
