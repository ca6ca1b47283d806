import Foundation
import Testing

/// `quench up` / `quench down` as a user runs them, on the fixed loopback ports: inside a
/// network namespace of its own, so its ports cannot clash with anything else on the machine.
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
        _ = await eventually(timeout: .seconds(20)) { !Self.alive(intakePID) }
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

    /// Alive and not a zombie (an exited child the machine's init has not reaped yet).
    static func alive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/stat")) else { return true }
        let stat = String(decoding: data, as: UTF8.self)
        guard let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first != "Z"
    }
}
