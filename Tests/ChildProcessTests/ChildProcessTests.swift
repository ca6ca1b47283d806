import ChildProcess
import Glibc
import Testing

/// The launcher against real children (`/bin/sh`, `/bin/sleep`, `/bin/cat`).
@Suite("ChildProcess: posix_spawn launcher")
struct ChildProcessTests {
    @Test("exit codes come back as .exited(code)")
    func exitCodes() throws {
        for code: Int32 in [0, 1, 3, 64, 255] {
            let result = try ChildCommand("/bin/sh", arguments: ["-c", "exit \(code)"]).run()
            #expect(result.termination == .exited(code))
            #expect(result.status == code)
        }
    }

    @Test("a terminating signal comes back as .signalled(signal); terminate/interrupt/kill reach the child")
    func signals() throws {
        let raised = try ChildCommand("/bin/sh", arguments: ["-c", "kill -USR1 $$"]).run()
        #expect(raised.termination == .signalled(SIGUSR1))
        for (signal, send) in [(SIGTERM, { (c: Child) in c.terminate() }), (SIGINT, { $0.interrupt() }), (SIGKILL, { $0.kill() })] {
            let child = try ChildCommand("/bin/sleep", arguments: ["30"]).spawn()
            #expect(child.isRunning)
            #expect(child.termination == nil)
            #expect(send(child))
            #expect(child.wait() == .signalled(signal))
            #expect(!child.isRunning)
            #expect(!child.send(SIGTERM), "a reaped child's pid must not be signalled")
        }
    }

    @Test("the child starts with default dispositions and an empty mask even when the parent ignores SIGINT")
    func signalDefaults() throws {
        let previous = signal(SIGINT, SIG_IGN)
        defer { signal(SIGINT, previous) }
        let child = try ChildCommand("/bin/sleep", arguments: ["30"]).spawn()
        child.interrupt()
        #expect(child.wait(timeout: .seconds(5)) == .signalled(SIGINT))
        if child.isRunning { child.stop(signal: SIGKILL) }
    }

    @Test("stop: SIGTERM ignored by the child, so SIGKILL after the grace period")
    func stopEscalates() throws {
        let child = try ChildCommand("/bin/sh", arguments: ["-c", "trap '' TERM; echo ready; sleep 30"], standardOutput: .pipe).spawn()
        #expect(child.standardOutput?.read().isEmpty == false)  // the trap is set
        #expect(child.stop(grace: .milliseconds(200)) == .signalled(SIGKILL))
    }

    @Test("wait(timeout:) returns nil while running, isRunning does not block")
    func nonBlocking() throws {
        let child = try ChildCommand("/bin/sleep", arguments: ["0.3"]).spawn()
        #expect(child.wait(timeout: .milliseconds(50)) == nil)
        #expect(child.isRunning)
        #expect(child.wait() == .exited(0))
        #expect(child.termination == .exited(0))
    }

    @Test("more than 1 MB on each of stdout and stderr is captured whole without deadlock")
    func largeOutput() throws {
        // 1.5 MB each, interleaved in 64 KB chunks so both pipes fill at once.
        let script = "i=0; while [ $i -lt 24 ]; do head -c 65536 /dev/zero | tr '\\0' a; head -c 65536 /dev/zero | tr '\\0' b >&2; i=$((i+1)); done"
        let result = try ChildCommand("/bin/sh", arguments: ["-c", script]).run()
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput.count == 24 * 65536)
        #expect(result.standardError.count == 24 * 65536)
        #expect(result.standardOutput.allSatisfy { $0 == UInt8(ascii: "a") })
        #expect(result.standardError.allSatisfy { $0 == UInt8(ascii: "b") })
    }

    @Test("input of 2 MB is fed while the echoed output is read (cat), and stdin closes after")
    func feedInput() throws {
        let input = (0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let result = try ChildCommand("/bin/cat").run(input: input)
        #expect(result.termination == .exited(0))
        #expect(result.standardOutput == input)
    }

    @Test("empty input: the child reads end of file at once")
    func emptyInput() throws {
        let result = try ChildCommand("/bin/cat").run(input: [])
        #expect(result.termination == .exited(0) && result.standardOutput.isEmpty)
    }

    @Test("a child that stops reading early does not end the parent with SIGPIPE")
    func earlyClose() throws {
        let input = [UInt8](repeating: 7, count: 4 << 20)
        let result = try ChildCommand("/bin/sh", arguments: ["-c", "head -c 10 >/dev/null; exit 5"]).run(input: input)
        #expect(result.termination == .exited(5))
    }

    @Test("the environment given is the whole environment")
    func environment() throws {
        let result = try ChildCommand("/usr/bin/env", environment: ["ALPHA": "1", "BETA": "two words"]).run()
        let lines = Set(result.standardOutputText.split(separator: "\n").map(String.init))
        #expect(lines == ["ALPHA=1", "BETA=two words"])
        let inherited = try ChildCommand("/usr/bin/env").run()
        #expect(inherited.standardOutputText.contains("PATH="))
    }

    @Test("working directory")
    func workingDirectory() throws {
        let result = try ChildCommand("/bin/pwd", workingDirectory: "/usr/share").run()
        #expect(result.standardOutputText == "/usr/share\n")
        #expect(throws: SpawnError.self) { try ChildCommand("/bin/pwd", workingDirectory: "/no/such/folder").spawn() }
    }

    @Test("the child holds only 0, 1 and 2: not our pipes' other ends, not other descriptors we opened")
    func descriptorsNotInherited() throws {
        let leaky = open("/dev/null", O_RDONLY)  // no O_CLOEXEC on purpose
        defer { close(leaky) }
        #expect(leaky > 2)
        let child = try ChildCommand("/bin/sleep", arguments: ["30"], standardInput: .pipe, standardOutput: .pipe, standardError: .pipe).spawn()
        defer { child.stop(signal: SIGKILL) }
        var seen: [String] = []
        if let folder = opendir("/proc/\(child.pid)/fd") {
            while let entry = readdir(folder) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != "." && name != ".." { seen.append(name) }
            }
            closedir(folder)
        }
        #expect(seen.sorted() == ["0", "1", "2"])
    }

    @Test("files: output appended or truncated; stderr with stdout; stdin from a file; /dev/null")
    func files() throws {
        let path = "/tmp/childprocess-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).txt"
        defer { unlink(path) }
        _ = try ChildCommand("/bin/sh", arguments: ["-c", "echo one; echo two >&2"], standardOutput: .file(path), standardError: .sameAsStandardOutput).run()
        _ = try ChildCommand("/bin/echo", arguments: ["three"], standardOutput: .file(path, append: true)).run()
        let appended = try ChildCommand("/bin/cat", standardInput: .file(path)).run()
        #expect(appended.standardOutputText == "one\ntwo\nthree\n")
        _ = try ChildCommand("/bin/echo", arguments: ["four"], standardOutput: .file(path, append: false)).run()
        #expect(try ChildCommand("/bin/cat", arguments: [path]).run().standardOutputText == "four\n")
        let null = try ChildCommand("/bin/cat", standardInput: .null).run()
        #expect(null.termination == .exited(0) && null.standardOutput.isEmpty)
    }

    @Test("a new process group when asked, the parent's otherwise")
    func processGroup() throws {
        let grouped = try ChildCommand("/bin/sleep", arguments: ["30"], newProcessGroup: true).spawn()
        defer { grouped.stop(signal: SIGKILL) }
        #expect(getpgid(grouped.pid) == grouped.pid)
        let plain = try ChildCommand("/bin/sleep", arguments: ["30"]).spawn()
        defer { plain.stop(signal: SIGKILL) }
        #expect(getpgid(plain.pid) == getpgrp())
    }

    @Test("a missing executable is a clear error naming the path")
    func missingExecutable() throws {
        do {
            _ = try ChildCommand("/no/such/tool", arguments: ["x"]).spawn()
            Issue.record("spawned a missing executable")
        } catch {
            #expect(error.description.contains("/no/such/tool"), "\(error)")
            #expect(error.description.contains("No such file or directory"), "\(error)")
            #expect(error.code == ENOENT)
        }
    }

    @Test("many children spawned from several threads at once all run and are reaped")
    func concurrentSpawns() async throws {
        try await withThrowingTaskGroup(of: ChildOutput.self) { group in
            for index in 0..<32 {
                group.addTask { try ChildCommand("/bin/echo", arguments: ["\(index)"]).run() }
            }
            var seen: Set<String> = []
            for try await result in group {
                #expect(result.termination == .exited(0))
                seen.insert(result.standardOutputText)
            }
            #expect(seen.count == 32)
        }
    }
}
