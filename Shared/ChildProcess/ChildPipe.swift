import Glibc
import Synchronization

/// The parent's end of a pipe to or from a child. Closed on `close()` or when released.
///
/// Reads block until data or end of file; `close()` must not race a read on another thread.
public final class ChildPipe: Sendable {
    private let descriptor: Atomic<Int32>

    init(_ fd: Int32) { descriptor = Atomic(fd) }

    /// The file descriptor, or -1 once closed.
    public var fileDescriptor: Int32 { descriptor.load(ordering: .acquiring) }

    /// Up to `maximum` bytes; empty at end of file (or after `close()`).
    public func read(upTo maximum: Int = 65536) -> [UInt8] {
        let fd = fileDescriptor
        guard fd >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, maximum) }
            if count >= 0 { return Array(buffer.prefix(count)) }
            if errno != EINTR && errno != EAGAIN { return [] }
            if errno == EAGAIN { Self.waitUntilReady(fd, events: Int16(POLLIN)) }
        }
    }

    /// Everything until end of file.
    public func readToEnd() -> [UInt8] {
        var all: [UInt8] = []
        while true {
            let chunk = read()
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    /// Writes all of `bytes`; throws `PipeClosed` when the child closed its end (EPIPE,
    /// without SIGPIPE ending this process) or on another error.
    public func write(_ bytes: [UInt8]) throws(PipeClosed) {
        let fd = fileDescriptor
        guard fd >= 0 else { throw PipeClosed(code: EBADF) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                ChildPipe.writeWithoutSIGPIPE(fd, raw.baseAddress! + offset, bytes.count - offset)
            }
            if written >= 0 {
                offset += written
            } else if errno == EAGAIN {
                Self.waitUntilReady(fd, events: Int16(POLLOUT))
            } else if errno != EINTR {
                throw PipeClosed(code: errno)
            }
        }
    }

    /// Closes the parent's end (for standard input: the child reads end of file).
    public func close() {
        let fd = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    deinit { close() }

    /// The pipe's end was closed by the child (or the write failed otherwise).
    public struct PipeClosed: Error, Sendable, CustomStringConvertible {
        public let code: Int32
        public var description: String { "write to child failed: \(String(cString: strerror(code)))" }
    }

    static func waitUntilReady(_ fd: Int32, events: Int16) {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        _ = poll(&entry, 1, -1)
    }

    /// `write(2)` with SIGPIPE blocked on this thread: a reader that went away gives EPIPE,
    /// and the SIGPIPE raised for this thread is taken off the pending set before unblocking.
    static func writeWithoutSIGPIPE(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        var block = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        let written = Glibc.write(fd, pointer, count)
        let saved = errno
        if written < 0 && saved == EPIPE {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var zero = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&block, nil, &zero)
            }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        errno = saved
        return written
    }
}
