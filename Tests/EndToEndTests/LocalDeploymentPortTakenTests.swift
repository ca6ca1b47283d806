import ChildProcess
import Foundation
import QuenchProtocol
import QuenchRuntime
import QuenchTestSupport
import QuenchTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 39 item 17: with a port of the deployment taken by another program, `quench up` says so
/// at once, naming the address and the way out, and starts nothing (it used to wait 30 s for the
/// web, exit 74 and leave four services running).
@Suite("Local deployment: a port already taken", .serialized)
struct LocalDeploymentPortTakenTests {
    /// A listening TCP socket on 127.0.0.1:`port`, as another program would hold it.
    static func listen(on port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, Glibc.listen(fd, 8) == 0 else {
            close(fd)
            throw TestFailure("cannot listen on \(port)")
        }
        return fd
    }

    @Test("the web's HTTP port taken: refused at once naming it, --no-web and the port variable; nothing started; --no-web starts", .timeLimit(.minutes(3)))
    func webPortTaken() throws {
        let ports = try PortBase()
        defer { ports.release() }
        let dir = temporaryDirectory("port-taken").appendingPathComponent("q")
        let quench = try QuenchBinary()
        func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) { try quench.run(arguments) }
        defer { _ = try? run(["down", "--data-dir", dir.path]) }
        let holder = try Self.listen(on: ports.httpPort)
        defer { close(holder) }

        let started = Date()
        let refused = try run(["up", "--insecure", "--port-base", ports.argument, "--data-dir", dir.path])
        // A generous liveness bound: the ready timeout it used to wait is 30 s.
        #expect(Date().timeIntervalSince(started) < 20, "up waited before refusing")
        #expect(refused.status == 74, "\(refused.status): \(refused.stderr)")
        #expect(refused.stderr.contains("127.0.0.1:\(ports.httpPort)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--no-web") && refused.stderr.contains("QUENCH_WEB_HTTP_PORT"), "\(refused.stderr)")
        for service in LocalDeploymentTests.services {
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("run/\(service).ready").path), "\(service) was started")
        }

        let rpcHolder = try Self.listen(on: ports.rpcPort("goals"))
        let goalsTaken = try run(["up", "--insecure", "--no-web", "--port-base", ports.argument, "--data-dir", dir.path])
        #expect(goalsTaken.status == 74 && goalsTaken.stderr.contains("127.0.0.1:\(ports.rpcPort("goals"))"), "\(goalsTaken.stderr)")
        #expect(goalsTaken.stderr.contains("--port-base"), "\(goalsTaken.stderr)")
        close(rpcHolder)

        let withoutWeb = try run(["up", "--insecure", "--no-web", "--port-base", ports.argument, "--data-dir", dir.path, "--json"])
        #expect(withoutWeb.status == 0, "up --no-web: \(withoutWeb.stderr)")
    }

    @Test("quench-web itself on a taken HTTP port: it exits at once, its log and stderr naming the address, the key and --no-web")
    func webProcessNamesItsPort() throws {
        let ports = try PortBase()
        defer { ports.release() }
        let dir = temporaryDirectory("web-port-taken")
        let holder = try Self.listen(on: ports.httpPort)
        defer { close(holder) }
        // The web's ZeroMQ ports in this block too (its catalog ports may be taken by another deployment).
        func endpoint(_ catalogPort: Int) -> String { "tcp://127.0.0.1:\(catalogPort - 7100 + ports.base)" }
        let result = try ChildCommand(
            try Binaries.url(of: "quench-web").path,
            arguments: [
                "--insecure", "--data-dir", dir.path, "--http-port", "\(ports.httpPort)",
                "--rpc-endpoint", endpoint(ServiceCatalog.web.rpcPort), "--pub-endpoint", endpoint(ServiceCatalog.web.pubPort),
                "--user-pub-endpoint", endpoint(ServiceCatalog.web.userPubPort),
            ],
            environment: ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") }, standardInput: .null
        ).run()
        #expect(result.status != 0)
        let said = result.standardErrorText
        #expect(said.contains("could not listen for HTTP on 127.0.0.1:\(ports.httpPort)") && said.contains("Address already in use"), "\(said)")
        #expect(said.contains("http.port") && said.contains("--no-web"), "\(said)")
    }
}
