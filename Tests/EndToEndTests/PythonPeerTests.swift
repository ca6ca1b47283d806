import ChildProcess
import Foundation
import Testing

/// A second, independent implementation of the protocol (Python, pyzmq + msgpack, written
/// from docs/PROTOCOL.md) talks to the real service.
@Suite("Python peer")
struct PythonPeerTests {
    @Test("a Python client pings, logs with a retry, reads errors and receives the event")
    func pythonClient() throws {
        let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("python"))
        let script = Binaries.repositoryRoot.appendingPathComponent("Tests/python/quench_peer.py").path
        let output = try runPython([script, "--rpc", service.rpcEndpoint, "--pub", service.pubEndpoint, "--user", "py"])
        #expect(output.status == 0, "python peer failed: \(output.stdout) \(output.stderr)")
        let result = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        #expect(result?["ok"] as? Bool == true, "\(output.stdout)")
        service.stop()
    }
}

/// Runs python3 with `arguments`; fails clearly when python3 or its packages are missing.
func runPython(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let result = try ChildCommand("/usr/bin/env", arguments: ["python3"] + arguments).run()
    let errorText = result.standardErrorText
    if errorText.contains("No module named") {
        throw TestFailure("python test peers are missing (\(errorText)); run scripts/test.sh, which installs pyzmq and msgpack")
    }
    return (result.status, result.standardOutputText, errorText)
}
