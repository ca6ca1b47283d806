import Foundation
import Synchronization

/// Loopback ports for services a test starts, below the kernel's ephemeral range
/// (`ip_local_port_range`, 32768–60999 by default). A service restarted by a test binds the
/// port it had again; a port the kernel handed out would be free for any outgoing connection
/// to take as its local port while the service is down (seen: a restart failing with
/// "Address already in use"). Ports here are never handed out that way.
///
/// Several test processes (two `swift test` runs, the Python peers of `Tests/adversarial`)
/// share the range: each port handed out is reserved for the life of the process by an
/// exclusive `flock` on `<tmp>/quench-test-ports/<port>.lock`, so another process skips it
/// even while the service that had it is down for a restart. Each process counts through the
/// range from its own offset, and skips a port something is bound to.
public enum TestPorts {
    static let range = 20_000..<32_000
    private static let next = Mutex<Int>(range.lowerBound + Int(getpid() % 60) * 200)
    /// The lock files this process holds, by port (kept open until the process exits, or a
    /// block is released), and the ports of the blocks it holds (never handed out by `take()`).
    private static let held = Mutex<(fds: [Int: Int32], blocks: Set<Int>)>(([:], []))

    /// Where the lock files live, shared by every test process on the machine.
    static let lockFolder: String = {
        let folder = (ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/quench-test-ports"
        mkdir(folder, 0o777)
        chmod(folder, 0o1777)
        return folder
    }()

    /// A port on 127.0.0.1 nothing was bound to a moment ago, not handed out before by this
    /// process nor (while it runs) by another.
    public static func take() -> Int {
        next.withLock { next in
            for _ in 0..<range.count {
                let port = next
                next = next + 1 >= range.upperBound ? range.lowerBound : next + 1
                if held.withLock({ $0.blocks.contains(port) }) { continue }
                if isFree(port), reserve(port) { return port }
            }
            return 0
        }
    }

    /// `tcp://127.0.0.1:<port>` with a port from ``take()``.
    public static func endpoint() -> String {
        "tcp://127.0.0.1:\(take())"
    }

    /// A base B whose ports B + each of `offsets` are all free and reserved for this process
    /// until ``releaseBase(_:offsets:)``: for `quench up --port-base B` (offsets 1…3, 101…103,
    /// …, 980). 0 when the range has no such block left.
    public static func takeBase(offsets: [Int]) -> Int {
        let step = (offsets.max() ?? 0) + 1
        let slots = (range.count - step) / step
        return next.withLock { _ in
            let first = Int(getpid() % 11)
            for index in 0..<slots {
                let base = range.lowerBound + ((first + index) % slots) * step
                let ports = offsets.map { base + $0 }
                if held.withLock({ state in ports.contains { state.fds[$0] != nil } }) { continue }
                var reserved: [Int] = []
                for port in ports {
                    guard isFree(port), reserve(port) else { break }
                    reserved.append(port)
                }
                if reserved.count == ports.count {
                    held.withLock { $0.blocks.formUnion(ports) }
                    return base
                }
                reserved.forEach(release)
            }
            return 0
        }
    }

    /// Gives back a block from ``takeBase(offsets:)`` once what used it has stopped.
    public static func releaseBase(_ base: Int, offsets: [Int]) {
        for port in offsets.map({ base + $0 }) {
            held.withLock { _ = $0.blocks.remove(port) }
            release(port)
        }
    }

    /// Takes the port's lock file for this process (true too when it has it already: a port
    /// this process handed out before, free again, is its own to hand out once the count comes
    /// round); false when another process holds it.
    static func reserve(_ port: Int) -> Bool {
        held.withLock { state in
            if state.fds[port] != nil { return true }
            let fd = open("\(lockFolder)/\(port).lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
            guard fd >= 0 else { return true }  // no lock folder: the bind check alone
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                close(fd)
                return false
            }
            state.fds[port] = fd
            return true
        }
    }

    static func release(_ port: Int) {
        held.withLock { state in
            if let fd = state.fds.removeValue(forKey: port) { close(fd) }
        }
    }

    /// Whether a listening socket could bind the port now (with `SO_REUSEADDR`, as libzmq sets,
    /// so connections still in `TIME_WAIT` do not count).
    static func isFree(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
