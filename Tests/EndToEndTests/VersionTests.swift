import ChildProcess
import Foundation
import QuenchRuntime
import QuenchTestSupport
import Testing

/// Issue 39 item 19: a release version and the build's commit, so an operator can tell what runs.
@Suite("Version: the release and the build's commit")
struct VersionTests {
    @Test("the release is semantic, the build's commit is a commit of this checkout, quench --version prints both")
    func releaseAndCommit() throws {
        let parts = QuenchVersion.release.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "\(QuenchVersion.release)")
        #expect(QuenchVersion.release != "0.1.0", "the release this version's upgrade notes describe")
        let root = Binaries.repositoryRoot
        let notes = try String(contentsOf: root.appendingPathComponent("docs/OPERATIONS.md"), encoding: .utf8)
        #expect(notes.contains("### \(QuenchVersion.release) ("), "docs/OPERATIONS.md has no upgrade note for \(QuenchVersion.release)")
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path) else { return }
        let hash = String(QuenchVersion.commit.split(separator: "-").first ?? "")
        #expect(hash.count >= 7, "a build in a git checkout carries its commit: '\(QuenchVersion.commit)'")
        let known = try ChildCommand(
            "/usr/bin/env", arguments: ["git", "-C", root.path, "cat-file", "-e", hash + "^{commit}"], standardInput: .null).run()
        #expect(known.status == 0, "\(hash) is no commit of \(root.path)")
        #expect(QuenchVersion.current == "\(QuenchVersion.release)+\(QuenchVersion.commit)")
        let printed = try ChildCommand(try Binaries.url(of: "quench").path, arguments: ["--version"], standardInput: .null).run()
        #expect(printed.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines) == QuenchVersion.current)
    }
}
