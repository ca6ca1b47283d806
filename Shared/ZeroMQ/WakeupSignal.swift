#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A pollable descriptor other threads can make readable: an `eventfd` on Linux, a pipe elsewhere.
final class WakeupSignal {
    /// The descriptor to poll for readability.
    let fileDescriptor: Int32
    private let writeDescriptor: Int32
    private let isEventFD: Bool

    init() throws {
        if let fd = Self.makeEventFD() {
            guard fd >= 0 else { throw ZMQError(code: errno, operation: "eventfd") }
            fileDescriptor = fd
            writeDescriptor = fd
            isEventFD = true
            return
        }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw ZMQError(code: errno, operation: "pipe") }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = fds[0]
        writeDescriptor = fds[1]
        isEventFD = false
    }

    /// `eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)`, or `nil` where it does not exist.
    /// The Glibc module does not export `<sys/eventfd.h>`, so the symbol is looked up at run time;
    /// `EFD_CLOEXEC`/`EFD_NONBLOCK` are defined as `O_CLOEXEC`/`O_NONBLOCK`.
    private static func makeEventFD() -> Int32? {
        #if os(Linux)
        typealias EventFD = @convention(c) (UInt32, Int32) -> Int32
        guard let process = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(process) }
        guard let symbol = dlsym(process, "eventfd") else { return nil }
        let eventfd = unsafeBitCast(symbol, to: EventFD.self)
        return eventfd(0, O_CLOEXEC | O_NONBLOCK)
        #else
        return nil
        #endif
    }

    deinit {
        close(fileDescriptor)
        if writeDescriptor != fileDescriptor { close(writeDescriptor) }
    }

    /// Makes the descriptor readable. Thread-safe.
    func signal() {
        if isEventFD {
            var one: UInt64 = 1
            while write(writeDescriptor, &one, 8) < 0 && errno == EINTR {}
        } else {
            var byte: UInt8 = 1
            while write(writeDescriptor, &byte, 1) < 0 && errno == EINTR {}
        }
    }

    /// Consumes all pending signals.
    func drain() {
        var buffer = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while true {
            let n = withUnsafeMutableBytes(of: &buffer) { read(fileDescriptor, $0.baseAddress, isEventFD ? 8 : $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n > 0 && !isEventFD { continue }
            break
        }
    }
}
