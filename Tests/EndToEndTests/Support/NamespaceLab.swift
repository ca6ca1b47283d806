import ChildProcess
import Foundation
import Testing

/// A private network made of Linux network namespaces, for tests that must not rely on
/// loopback: one namespace holds a bridge, and every "host" is a namespace of its own with
/// one veth into that bridge and one address in 10.77.0.0/24. Nothing touches the machine's
/// real interfaces; `teardown()` kills what runs inside and deletes every namespace.
final class NamespaceLab: @unchecked Sendable {
    static let subnet = "10.77.0"

    /// Why namespaces cannot be made here (not root, no `ip`, no permission), nil when they can.
    static let unavailableReason: String? = {
        guard geteuid() == 0 else { return "not running as root" }
        guard let ip = ipPath else { return "iproute2's `ip` is not installed (apt-get install iproute2)" }
        let probe = "qprobe-\(UUID().uuidString.prefix(6).lowercased())"
        let added = run(ip, ["netns", "add", probe])
        guard added.status == 0 else {
            return "`ip netns add` fails here: \(added.stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
        defer { _ = run(ip, ["netns", "delete", probe]) }
        for link in [["br0", "type", "bridge"], ["v0", "type", "veth", "peer", "name", "v1"]] {
            let made = run(ip, ["-n", probe, "link", "add"] + link)
            guard made.status == 0 else {
                return "cannot make a \(link[2]) link in a namespace: \(made.stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
            }
        }
        return nil
    }()

    /// Why a test that needs namespaces is skipped here.
    static var skipComment: Comment {
        Comment(rawValue: "needs network namespaces (root and iproute2's `ip netns`), and here: \(unavailableReason ?? "they work")")
    }

    static let ipPath: String? = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    let ip: String
    /// Unique per lab, so concurrent runs never share a namespace.
    let prefix: String
    /// Host name to address.
    private(set) var addresses: [String: String] = [:]
    private var namespaces: [String] = []
    private var processes: [Child] = []

    /// Makes the bridge and one namespace per host, numbering addresses from `.11`.
    init(hosts: [String]) throws {
        guard let ip = Self.ipPath else { throw TestFailure("no `ip` command") }
        self.ip = ip
        prefix = "q" + UUID().uuidString.prefix(6).lowercased()
        do {
            try build(hosts: hosts)
        } catch {
            teardown()
            throw error
        }
    }

    var bridgeNamespace: String { "\(prefix)-br" }

    func namespace(_ host: String) -> String { "\(prefix)-\(host)" }

    func address(_ host: String) -> String { addresses[host] ?? "" }

    private func build(hosts: [String]) throws {
        try create(bridgeNamespace)
        try ipCommand(["-n", bridgeNamespace, "link", "add", "br0", "type", "bridge"])
        try ipCommand(["-n", bridgeNamespace, "link", "set", "br0", "up"])
        for (index, host) in hosts.enumerated() {
            let name = namespace(host)
            let address = "\(Self.subnet).\(11 + index)"
            try create(name)
            try ipCommand(["-n", name, "link", "set", "lo", "up"])
            let port = "p\(index)"
            try ipCommand(["-n", bridgeNamespace, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", name])
            try ipCommand(["-n", bridgeNamespace, "link", "set", port, "master", "br0", "up"])
            try ipCommand(["-n", name, "addr", "add", "\(address)/24", "dev", "eth0"])
            try ipCommand(["-n", name, "link", "set", "eth0", "up"])
            addresses[host] = address
        }
    }

    private func create(_ name: String) throws {
        try ipCommand(["netns", "add", name])
        namespaces.append(name)
    }

    private func ipCommand(_ arguments: [String]) throws {
        let result = Self.run(ip, arguments)
        guard result.status == 0 else {
            throw TestFailure("ip \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        }
    }

    /// Starts `executable` inside `host`'s namespace (`ip netns exec` execs it, so the
    /// process is the program itself and gets signals directly), output to `log`.
    func spawn(in host: String, _ executable: String, _ arguments: [String], log: URL, environment: [String: String]) throws -> Child {
        let process = try ChildCommand(
            ip, arguments: ["netns", "exec", namespace(host), executable] + arguments, environment: environment,
            standardInput: .null, standardOutput: .file(log.path, append: false), standardError: .sameAsStandardOutput
        ).spawn()
        processes.append(process)
        return process
    }

    /// Runs `executable` inside `host`'s namespace to completion.
    func run(in host: String, _ executable: String, _ arguments: [String], environment: [String: String]) -> (status: Int32, stdout: String, stderr: String) {
        Self.run(ip, ["netns", "exec", namespace(host), executable] + arguments, environment: environment)
    }

    /// Kills whatever still runs in the lab and deletes its namespaces (and so its veths
    /// and bridge). Safe to call more than once.
    func teardown() {
        for process in processes where process.isRunning { process.stop(signal: SIGKILL) }
        processes.removeAll()
        for name in namespaces.reversed() {
            let pids = Self.run(ip, ["netns", "pids", name]).stdout.split(whereSeparator: \.isNewline)
            for pid in pids.compactMap({ Int32($0) }) {
                kill(pid, SIGKILL)
            }
            _ = Self.run(ip, ["netns", "delete", name])
        }
        namespaces.removeAll()
    }

    deinit {
        teardown()
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) -> (status: Int32, stdout: String, stderr: String) {
        do {
            let result = try ChildCommand(executable, arguments: arguments, environment: environment, standardInput: .null).run()
            return (result.status, result.standardOutputText, result.standardErrorText)
        } catch {
            return (127, "", "\(error)")
        }
    }
}
