import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command to its end and measures it as a whole process: wall time and, when
/// asked, peak resident memory: `VmHWM` of `/proc/<pid>/status` sampled every 2 ms (not
/// `ru_maxrss`, which after `posix_spawn` on Linux also counts the spawning parent's RSS).
enum ChildProcess {
    struct Outcome {
        var status: Int32
        var seconds: Double
        var maxRSSKilobytes: Int
        var output: String
        /// User + system CPU seconds of the process (its own, from `wait4`).
        var cpuSeconds = 0.0
    }

    /// Runs `arguments` (the first is the executable path) with stdout and stderr going to a
    /// temporary file, read back into `output`.
    static func run(_ arguments: [String], environment: [String: String]? = nil, sampleMemory: Bool = false) throws -> Outcome {
        let logPath = NSTemporaryDirectory() + "quench-bench-child-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).log"
        defer { unlink(logPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = Clock.nanos()
        let rc = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard rc == 0 else { throw BenchError("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        var usage = rusage()
        var peak = 0
        while true {
            let done = wait4(pid, &status, sampleMemory ? WNOHANG : 0, &usage)
            if done == pid { break }
            guard done >= 0 || errno == EINTR else { throw BenchError("wait4 failed for \(arguments[0])") }
            if sampleMemory {
                peak = Swift.max(peak, Self.highWaterMark(pid))
                usleep(2000)
            }
        }
        let seconds = Clock.seconds(since: start)
        let output = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let exitStatus: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Outcome(status: exitStatus, seconds: seconds, maxRSSKilobytes: peak, output: output, cpuSeconds: cpu)
    }

    /// Runs and throws with the command's output when it exits non-zero.
    static func check(_ arguments: [String], environment: [String: String]? = nil, sampleMemory: Bool = false) throws -> Outcome {
        let outcome = try run(arguments, environment: environment, sampleMemory: sampleMemory)
        guard outcome.status == 0 else {
            throw BenchError("\(arguments.joined(separator: " ")) exited \(outcome.status): \(outcome.output.suffix(2000))")
        }
        return outcome
    }

    /// The process's `VmHWM` in kB (0 once it has exited).
    static func highWaterMark(_ pid: pid_t) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
