import Foundation
import Testing

/// `quench ping SERVICE`, the single-service check that container health checks and
/// Kubernetes probes run, against the real intake executable.
@Suite("CLI ping")
struct CLIPingTests {
    @Test("ping answers 0 with the service's state, 69 when it is down, 64 on misuse")
    func ping() throws {
        let folder = temporaryDirectory("cli-ping")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake], to: folder), user: nil)

        let human = try cli.run(["ping", "intake"])
        #expect(human.status == 0, "\(human.stderr)")
        #expect(human.stdout.contains("intake answered from \(intake.rpcEndpoint)"), "\(human.stdout)")
        let json = try cli.run(["ping", "intake", "--json"]).json()
        #expect(json["up"] as? Bool == true && json["name"] as? String == "intake")
        #expect(json["endpoint"] as? String == intake.rpcEndpoint && json["version"] is String && json["headSeq"] != nil)

        // --endpoint wins over the client config (a container pings its own service).
        let direct = try CLIRunner(configPath: nil, user: nil, workingDirectory: folder)
            .run(["ping", "intake", "--endpoint", intake.rpcEndpoint, "--json"])
        #expect(direct.status == 0 && (try? direct.json()["endpoint"] as? String) == intake.rpcEndpoint, "\(direct.stderr)")
        let goals = try cli.run(["ping", "goals", "--timeout", "0.3"])
        #expect(goals.status == 69 && goals.stderr.contains("goals is not answering"), "\(goals.stderr)")

        #expect(try cli.run(["ping", "nope"]).status == 64)
        #expect(try cli.run(["ping", "intake", "--endpoint", "http://x"]).status == 64)
        #expect(try cli.run(["ping", "intake", "--key-file", "/nonexistent"]).status == 64)
        let badKey = try cli.run(["ping", "intake", "--key-file", "/nonexistent", "--server-key-file", "/nonexistent"])
        #expect(badKey.status == 74 && badKey.stderr.contains("--key-file"), "\(badKey.stderr)")

        intake.stop()
        // Hold the stopped service's port with a listener that never speaks ZMTP: otherwise a
        // service another test starts meanwhile may be given the same free port and answer.
        guard let holder = PortHolder(endpoint: intake.rpcEndpoint) else {
            Issue.record("the stopped intake's port was taken by another process at once; the down case was not checked")
            return
        }
        defer { holder.close() }
        let down = try cli.run(["ping", "intake", "--timeout", "0.3", "--json"])
        #expect(down.status == 69)
        #expect((try? down.json()["up"] as? Bool) == false)
    }
}

/// A TCP listener on a loopback endpoint's port that accepts nothing and says nothing.
private struct PortHolder {
    let fd: Int32

    init?(endpoint: String) {
        guard let port = endpoint.split(separator: ":").last.flatMap({ UInt16($0) }) else { return nil }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            Glibc.close(fd)
            return nil
        }
        self.fd = fd
    }

    func close() {
        Glibc.close(fd)
    }
}
