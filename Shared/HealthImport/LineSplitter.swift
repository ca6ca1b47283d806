#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a chunked byte stream into lines without holding more than `maxLineBytes` of any line.
///
/// A line longer than the limit is reported once as over-long and its remaining bytes are dropped.
final class LineSplitter {
    enum Line {
        case bytes(UnsafePointer<UInt8>, Int)
        case tooLong
    }

    private let maxLineBytes: Int
    private let pending: UnsafeMutablePointer<UInt8>
    private var pendingCount = 0
    private var overflowing = false
    private(set) var lineNumber = 0

    /// Whether the line being read has passed the limit (its end not seen yet).
    var isOverflowing: Bool { overflowing }

    init(maxLineBytes: Int) {
        self.maxLineBytes = max(1, maxLineBytes)
        pending = .allocate(capacity: self.maxLineBytes + 1)
    }

    deinit { pending.deallocate() }

    func feed(_ chunk: UnsafeRawBufferPointer, _ handle: (Int, Line) throws -> Void) throws {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        let n = chunk.count
        var i = 0
        while i < n {
            guard let nl = memchr(base + i, 0x0A, n - i) else {
                append(base + i, n - i)
                return
            }
            let end = UnsafePointer<UInt8>(nl.assumingMemoryBound(to: UInt8.self)) - base
            if pendingCount == 0, !overflowing {
                try emit(base + i, end - i, handle)
            } else {
                append(base + i, end - i)
                try emit(pending, pendingCount, handle)
            }
            i = end + 1
        }
    }

    func finish(_ handle: (Int, Line) throws -> Void) throws {
        if pendingCount > 0 || overflowing { try emit(pending, pendingCount, handle) }
    }

    private func append(_ p: UnsafePointer<UInt8>, _ n: Int) {
        guard !overflowing else { return }
        let limit = maxLineBytes + 1
        let take = min(n, limit - pendingCount)
        memcpy(pending + pendingCount, p, take)
        pendingCount += take
        if pendingCount > maxLineBytes { overflowing = true }
    }

    private func emit(_ p: UnsafePointer<UInt8>, _ n: Int, _ handle: (Int, Line) throws -> Void) throws {
        lineNumber += 1
        let length = n > 0 && p[n - 1] == 0x0D ? n - 1 : n
        let tooLong = overflowing || length > maxLineBytes
        pendingCount = 0
        overflowing = false
        try handle(lineNumber, tooLong ? .tooLong : .bytes(p, length))
    }
}
