import Foundation

/// The threads of a running process with their nice values, from `/proc/<pid>/task/*/stat`.
enum ThreadPriorities {
    struct Thread: CustomStringConvertible {
        var name: String
        var nice: Int

        var description: String { "\(name)=\(nice)" }
    }

    static func of(_ pid: Int32) -> [Thread] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.compactMap { tid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/task/\(tid)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            // After the name: state is field 3, nice field 19.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 16, let nice = Int(fields[16]) else { return nil }
            return Thread(name: String(stat[stat.index(after: open)..<close]), nice: nice)
        }
    }
}
