import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Monotonic time in nanoseconds.
enum Clock {
    static func nanos() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    static func seconds(since start: UInt64) -> Double {
        Double(nanos() - start) / 1e9
    }

    static func micros(since start: UInt64) -> Double {
        Double(nanos() - start) / 1e3
    }

    /// Sleeps for `micros` microseconds.
    static func sleep(micros: Int) {
        usleep(UInt32(micros))
    }
}
