import Synchronization
#if canImport(Glibc)
internal import CSystemExtras
#endif

/// Random 64-bit words for ids, drawn from the system generator (`getrandom`) 4 KiB at a
/// time instead of one system call per word: every request, reply and event gets a fresh
/// id, and the call was a measurable part of a round trip. The words are as random as
/// `SystemRandomNumberGenerator`'s; they are used for uniqueness, not for secrets.
public enum RandomPool {
    private struct Pool: ~Copyable {
        var words: [UInt64] = []
        var next = 0
    }

    private static let capacity = 512
    private static let pool = Mutex(Pool())

    /// One `getrandom` for the whole buffer; word by word from the system generator where
    /// that is not available or comes up short.
    private static func refill(_ words: inout [UInt64]) {
        var filled = 0
        #if canImport(Glibc)
        let bytes = words.count * MemoryLayout<UInt64>.size
        let got = words.withUnsafeMutableBytes { getrandom($0.baseAddress, bytes, 0) }
        if got == bytes { filled = words.count }
        #endif
        var generator = SystemRandomNumberGenerator()
        for index in filled..<words.count { words[index] = generator.next() }
    }

    /// The next random word.
    public static func next() -> UInt64 {
        pool.withLock { pool in
            if pool.next == pool.words.count {
                if pool.words.isEmpty { pool.words = [UInt64](repeating: 0, count: capacity) }
                refill(&pool.words)
                pool.next = 0
            }
            defer { pool.next += 1 }
            return pool.words[pool.next]
        }
    }
}
