import Dispatch
import Foundation
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

/// CPU time consumed by processes, to turn a throughput run into CPU per operation.
enum CPUTime {
    /// User + system CPU seconds of process `pid` so far (`/proc/<pid>/stat`), nil if unreadable.
    static func process(_ pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// User + system CPU seconds of this process so far.
    static func current() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
