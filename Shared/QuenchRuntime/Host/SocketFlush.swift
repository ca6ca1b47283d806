import Dispatch
import Foundation
import ZeroMQ

/// Sends what the service's sockets still hold before the process exits.
///
/// Closing a socket only hands what it has queued (the replies to the last requests, the
/// last events) to libzmq's I/O thread; terminating the context is what waits for them to be
/// written, each socket for at most its `ZMQ_LINGER` (the ROUTER's 2 s). A process that exits
/// without it drops the replies to requests it has already committed — more of them the
/// busier the machine, as the I/O thread then lags further behind.
enum SocketFlush {
    /// Terminates `context` and waits for it for at most `bound`: a socket some part of the
    /// process left open would make termination wait for ever, and the exit must stay bounded.
    /// Returns whether termination finished.
    @discardableResult
    static func terminate(_ context: Context, within bound: Duration) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread {
            context.terminate()
            done.signal()
        }.start()
        let milliseconds = Int(bound.components.seconds * 1000 + bound.components.attoseconds / 1_000_000_000_000_000)
        return done.wait(timeout: .now() + .milliseconds(milliseconds)) == .success
    }
}
