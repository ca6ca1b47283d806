import Foundation
import ZeroMQ

/// A bare DEALER for sending frames the RPC client never would.
final class RawDealer: @unchecked Sendable {
    private let socket: Socket

    init(endpoint: String) throws {
        socket = try Context(ioThreads: 1).makeSocket(.dealer)
        socket.transferOwnership()
        try socket.setLinger(0)
        try socket.connect(endpoint)
    }

    /// Sends frames and waits for one reply (frames), or throws after the timeout.
    func request(_ frames: [[UInt8]], timeoutMilliseconds: Int32 = 5000) throws -> [[UInt8]] {
        // Async tests resume on any thread; each call takes the socket over explicitly.
        socket.transferOwnership()
        try socket.setReceiveTimeout(timeoutMilliseconds)
        try socket.send(frames)
        guard let reply = try socket.receiveMultipart() else {
            throw TestFailure("no reply within \(timeoutMilliseconds) ms")
        }
        return reply
    }

    func close() {
        socket.transferOwnership()
        socket.close()
    }
}
