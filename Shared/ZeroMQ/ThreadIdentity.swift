#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A non-zero token identifying the calling OS thread.
@inline(__always)
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    UInt(bitPattern: pthread_self())
    #else
    UInt(pthread_self())
    #endif
}

/// Names the calling OS thread for `top -H`, `perf` and `/proc/<pid>/task/*/comm` (the
/// kernel keeps 15 bytes). Foundation's `Thread.name` does not reach the OS thread on Linux.
public func nameCurrentThread(_ name: String) {
    var bytes = Array(name.utf8.prefix(15))
    while !bytes.isEmpty, String(validating: bytes, as: UTF8.self) == nil { bytes.removeLast() }
    let threadName = String(decoding: bytes, as: UTF8.self)
    #if canImport(Darwin)
    _ = pthread_setname_np(threadName)
    #else
    let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = write(fd, threadName, threadName.utf8.count)
    close(fd)
    #endif
}
