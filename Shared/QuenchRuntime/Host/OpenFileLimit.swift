#if canImport(Glibc)
import Glibc
#endif

/// The process's file-descriptor limit (`RLIMIT_NOFILE`), raised at service start to
/// `limits.max.open.files`: every connection, handshaking or idle, holds one descriptor,
/// and a service at its limit cannot accept anyone (issue #25: 20,000 idle connections
/// locked clients out for ~30 s). The soft limit is raised to the target, or to the hard
/// limit when the target is above it and the process may not raise the hard limit
/// (`CAP_SYS_RESOURCE`); it is never lowered.
enum OpenFileLimit {
    struct Outcome: Equatable {
        var before: UInt64
        var after: UInt64
        var hard: UInt64
    }

    static func raise(to target: Int) -> Outcome {
        #if canImport(Glibc)
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return Outcome(before: 0, after: 0, hard: 0) }
        let before = UInt64(limit.rlim_cur)
        let wanted = rlim_t(target)
        guard limit.rlim_cur < wanted else { return Outcome(before: before, after: before, hard: UInt64(limit.rlim_max)) }
        if limit.rlim_max < wanted {
            var raised = rlimit(rlim_cur: wanted, rlim_max: wanted)
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 {
                return Outcome(before: before, after: UInt64(wanted), hard: UInt64(wanted))
            }
        }
        var raised = rlimit(rlim_cur: min(wanted, limit.rlim_max), rlim_max: limit.rlim_max)
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 else {
            return Outcome(before: before, after: before, hard: UInt64(limit.rlim_max))
        }
        return Outcome(before: before, after: UInt64(raised.rlim_cur), hard: UInt64(limit.rlim_max))
        #else
        return Outcome(before: 0, after: 0, hard: 0)
        #endif
    }
}
