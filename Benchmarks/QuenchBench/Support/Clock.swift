#if canImport(Glibc)
import Glibc
#endif

/// Monotonic time in nanoseconds (CLOCK_MONOTONIC).
enum Clock {
    static func nanos() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    static func seconds(since start: UInt64) -> Double {
        Double(nanos() - start) / 1e9
    }

    static func micros(since start: UInt64) -> Double {
        Double(nanos() - start) / 1e3
    }

    /// Sleeps for `micros` microseconds.
    static func sleep(micros: Int) {
        var spec = timespec(tv_sec: micros / 1_000_000, tv_nsec: (micros % 1_000_000) * 1000)
        nanosleep(&spec, nil)
    }
}
