import ChildProcess
import Foundation
import QuenchTestSupport
import Testing

/// The ports tests hand out are reserved across processes (two suites at once, a Python peer):
/// another process cannot take the lock of a port this one handed out, also while nothing is
/// bound to it (a service down for a restart), until the block is given back.
@Suite("Test ports are reserved across processes")
struct TestPortsTests {
    /// Whether another process (`flock -n`) could take the port's lock now.
    static func lockableElsewhere(_ port: Int) throws -> Bool {
        let folder = (ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp") + "/quench-test-ports"
        return try ChildCommand("/usr/bin/flock", arguments: ["-n", "\(folder)/\(port).lock", "true"], standardInput: .null).run().status == 0
    }

    @Test(
        "a port from take() and a --port-base block are locked for this process; a released block is free again",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock"), "needs util-linux's flock"))
    func reserved() throws {
        let port = TestPorts.take()
        #expect(port > 0)
        #expect(try !Self.lockableElsewhere(port), "port \(port) handed out but not reserved")
        let block = try PortBase()
        for offset in PortBase.offsets {
            #expect(try !Self.lockableElsewhere(block.base + offset), "port \(block.base + offset) of the block is not reserved")
        }
        block.release()
        #expect(try Self.lockableElsewhere(block.base + 1))
    }
}
