import CSystemExtras
import Glibc

/// A `timerfd` the open-loop driver sleeps on, together with its sockets' `ZMQ_FD`s, until
/// the next request is due: it waits in the kernel instead of polling in a loop, so the
/// driver leaves the CPU to the service it measures (the two share two cores).
final class WakeTimer {
    let fileDescriptor: Int32

    init() throws {
        fileDescriptor = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK) | Int32(TFD_CLOEXEC))
        guard fileDescriptor >= 0 else { throw BenchError("timerfd_create failed: errno \(errno)") }
    }

    /// Fires once, `nanos` from now.
    func arm(inNanos nanos: UInt64) {
        _ = quench_timerfd_arm(fileDescriptor, nanos)
    }

    /// Reads the expiry count so the descriptor stops being readable.
    func acknowledge() {
        var expirations: UInt64 = 0
        _ = read(fileDescriptor, &expirations, MemoryLayout<UInt64>.size)
    }

    deinit {
        close(fileDescriptor)
    }
}
