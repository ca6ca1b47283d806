import ChildProcess
import Foundation
import QuenchTestSupport
import Testing

/// `quench up` / `quench down` as a user runs them: on the fixed loopback ports inside a
/// network namespace of its own, so its ports cannot clash with anything else on the machine,
/// and side by side on loopback with `--port-base` (free ports from `TestPorts`).
@Suite("Local deployment (quench up/down)", .serialized)
struct LocalDeploymentTests {
    static let services = ["health-ingest", "intake", "goals", "analytics", "web"]

    @Test(
        "up starts five processes (the web edge last) with ready and pid files, up again is harmless, down stops them gracefully",
        .enabled(if: NamespaceLab.unavailableReason == nil, NamespaceLab.skipComment),
        .timeLimit(.minutes(3)))
    func upAndDown() async throws {
        let lab = try NamespaceLab(hosts: ["local"])
        defer { lab.teardown() }
        let dir = temporaryDirectory("local-up").appendingPathComponent("q")
        let quench = try Binaries.url(of: "quench").path
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") }
        environment["NO_COLOR"] = "1"
        func run(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
            lab.run(in: "local", quench, arguments, environment: environment)
        }
        func json(_ text: String) -> [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
        }
        func pids() -> [String: Int32] {
            var result: [String: Int32] = [:]
            for service in Self.services {
                let text = (try? String(contentsOf: dir.appendingPathComponent("run/\(service).pid"), encoding: .utf8)) ?? ""
                result[service] = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return result
        }

        let up = run(["up", "--data-dir", dir.path, "--json"])
        #expect(up.status == 0, "up failed: \(up.stderr)")
        #expect((json(up.stdout)["started"] as? [String]).map(Set.init) == Set(Self.services), "\(up.stdout)")
        let first = pids()
        for service in Self.services {
            let pid = try #require(first[service], "no pid file for \(service)")
            #expect(Self.alive(pid), "\(service) pid \(pid) is not alive")
            let ready = json((try? String(contentsOf: dir.appendingPathComponent("run/\(service).ready"), encoding: .utf8)) ?? "")
            #expect(ready["pid"] as? Int == Int(pid))
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("data/\(service).sqlite").path))
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("logs/\(service).log").path))
        }
        let config = dir.appendingPathComponent("client.json").path
        let status = run(["status", "--config", config, "--json"])
        #expect(status.status == 0, "status after up: \(status.stderr)")

        let again = run(["up", "--data-dir", dir.path, "--json"])
        #expect(again.status == 0, "second up failed: \(again.stderr)")
        #expect((json(again.stdout)["started"] as? [String]) == [])
        #expect((json(again.stdout)["alreadyRunning"] as? [String]).map(Set.init) == Set(Self.services))
        #expect(pids() == first, "a second up must not restart anything")

        // A stale ready file whose pid now belongs to another process: not taken for the service.
        let intakePID = try #require(first["intake"])
        kill(intakePID, SIGTERM)
        _ = await eventually { !Self.alive(intakePID) }
        let stale = "{\"rpc\":\"tcp://127.0.0.1:7101\",\"pub\":\"tcp://127.0.0.1:7102\",\"pid\":\(getpid())}\n"
        try stale.write(to: dir.appendingPathComponent("run/intake.ready"), atomically: true, encoding: .utf8)
        let restart = run(["up", "--data-dir", dir.path, "--json"])
        #expect(restart.status == 0, "up after a stale ready file: \(restart.stderr)")
        #expect((json(restart.stdout)["started"] as? [String]) == ["intake"], "\(restart.stdout)")
        #expect(pids()["intake"] != getpid())

        let running = pids()
        let down = run(["down", "--data-dir", dir.path, "--json"])
        #expect(down.status == 0, "down failed: \(down.stderr)")
        #expect((json(down.stdout)["stopped"] as? [String]).map(Set.init) == Set(Self.services))
        for (service, pid) in running {
            #expect(!Self.alive(pid), "\(service) still runs after down")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("run/\(service).pid").path))
            let log = (try? String(contentsOf: dir.appendingPathComponent("logs/\(service).log"), encoding: .utf8)) ?? ""
            #expect(log.contains("stopped"), "\(service) did not log a graceful stop:\n\(log.suffix(600))")
        }
        let nothing = run(["down", "--data-dir", dir.path, "--json"])
        #expect(nothing.status == 0 && (json(nothing.stdout)["stopped"] as? [String]) == [])
    }

    @Test(
        "two deployments side by side on loopback (--port-base), each service's own QUENCH_<SERVICE>_ variables reach it, global ones and the keys up owns do not",
        .timeLimit(.minutes(3)))
    func sideBySide() async throws {
        let first = try PortBase()
        let second = try PortBase()
        defer {
            first.release()
            second.release()
        }
        let scratch = temporaryDirectory("local-side-by-side")
        let (one, two) = (scratch.appendingPathComponent("one"), scratch.appendingPathComponent("two"))
        let quench = try Binaries.url(of: "quench").path
        let webPort = TestPorts.take()
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("QUENCH_") }
        environment["NO_COLOR"] = "1"
        // The web's own variable reaches it; a global one would give every service one database,
        // and an endpoint `quench up` sets itself would leave the client config wrong.
        environment["QUENCH_WEB_HTTP_PORT"] = String(webPort)
        environment["QUENCH_DATABASE_PATH"] = scratch.appendingPathComponent("shared.sqlite").path
        environment["QUENCH_INTAKE_RPC_ENDPOINT"] = "tcp://127.0.0.1:9"
        func run(_ arguments: [String], _ environment: [String: String]) throws -> (status: Int32, stdout: String, stderr: String) {
            let result = try ChildCommand(quench, arguments: arguments, environment: environment, standardInput: .null).run()
            return (result.status, result.standardOutputText, result.standardErrorText)
        }
        func json(_ text: String) -> [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
        }
        defer {
            _ = try? run(["down", "--data-dir", one.path], environment)
            _ = try? run(["down", "--data-dir", two.path], environment)
        }

        let refused = try run(["up", "--insecure", "--port-base", "70000", "--data-dir", one.path, "--json"], environment)
        #expect(refused.status == 64 && refused.stderr.contains("--port-base"), "\(refused.stderr)")

        let upOne = try run(["up", "--insecure", "--port-base", first.argument, "--data-dir", one.path, "--json"], environment)
        #expect(upOne.status == 0, "first up: \(upOne.stderr)")
        var plain = environment
        plain["QUENCH_WEB_HTTP_PORT"] = nil
        let upTwo = try run(["up", "--insecure", "--port-base", second.argument, "--data-dir", two.path, "--json"], plain)
        #expect(upTwo.status == 0, "second up: \(upTwo.stderr)")
        for (dir, base, http) in [(one, first, webPort), (two, second, second.httpPort)] {
            let client = json((try? String(contentsOf: dir.appendingPathComponent("client.json"), encoding: .utf8)) ?? "")
            let services = client["services"] as? [String: [String: Any]] ?? [:]
            #expect(services["intake"]?["rpc"] as? String == "tcp://127.0.0.1:\(base.rpcPort("intake"))", "\(services)")
            #expect(services["web"]?["http"] as? String == "http://127.0.0.1:\(http)", "\(services)")
            let health = httpGet(port: http, path: "/health")
            #expect(health?.status == 200, "the web edge on \(http): \(String(describing: health))")
            let status = try run(["status", "--config", dir.appendingPathComponent("client.json").path, "--json"], plain)
            #expect(status.status == 0, "status: \(status.stdout)\(status.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.appendingPathComponent("shared.sqlite").path))

        // Up again without the option: the stored base, nothing restarted.
        let again = try run(["up", "--insecure", "--data-dir", one.path, "--json"], environment)
        #expect(again.status == 0 && (json(again.stdout)["started"] as? [String]) == [], "\(again.stdout)\(again.stderr)")
        let client = json((try? String(contentsOf: one.appendingPathComponent("client.json"), encoding: .utf8)) ?? "")
        #expect((client["services"] as? [String: [String: Any]])?["goals"]?["rpc"] as? String == "tcp://127.0.0.1:\(first.rpcPort("goals"))")

        for dir in [one, two] {
            let down = try run(["down", "--data-dir", dir.path, "--json"], environment)
            #expect(down.status == 0 && (json(down.stdout)["stopped"] as? [String])?.count == Self.services.count, "\(down.stdout)")
        }
    }

    /// Alive and not a zombie (an exited child the machine's init has not reaped yet).
    static func alive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/stat")) else { return true }
        let stat = String(decoding: data, as: UTF8.self)
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }
}
