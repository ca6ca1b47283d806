import Synchronization
import ZeroMQ

func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }

func text(_ frame: [UInt8]) -> String { String(decoding: frame, as: UTF8.self) }

/// Receives with a generous timeout so a lost message fails the test instead of hanging it.
func receive(_ socket: Socket, timeout: Int32 = 10_000, maxFrames: Int = 64) throws -> [[UInt8]]? {
    try socket.setReceiveTimeout(timeout)
    return try socket.receiveMultipart(maxFrames: maxFrames)
}

/// Binds `socket` to an ephemeral loopback TCP port and returns the resolved endpoint.
func bindLoopback(_ socket: Socket) throws -> String {
    try socket.bind("tcp://127.0.0.1:*")
    return try socket.lastEndpoint()
}

/// A thread-safe box for observing reactor-thread effects from tests.
final class Recorder<Value: Sendable>: Sendable {
    private let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }

    func update(_ body: (inout Value) -> Void) { value.withLock { body(&$0) } }
    var current: Value { value.withLock { $0 } }
}

/// Polls `condition` until it holds or `seconds` pass.
func eventually(seconds: Double = 60, _ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
