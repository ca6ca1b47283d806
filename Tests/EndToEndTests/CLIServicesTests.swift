import Foundation
import Testing

/// `quench services`: the service catalog as the built binary prints it, which is what
/// `deploy/validate_consistency.py` reads (as `deploy/catalog.json`).
@Suite("CLI services")
struct CLIServicesTests {
    @Test("quench services --json prints deploy/catalog.json byte for byte, and needs no deployment")
    func json() throws {
        let result = try CLIRunner(configPath: nil).run(["services", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let checkedIn = try String(contentsOf: root.appendingPathComponent("deploy/catalog.json"), encoding: .utf8)
        #expect(result.stdout == checkedIn)
    }

    @Test("quench services lists each service's ports and upstreams")
    func table() throws {
        let result = try CLIRunner(configPath: nil).run(["services"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows.contains("health-ingest 7301 7302 7303 -"))
        #expect(rows.contains("intake 7101 7102 7103 health-ingest"))
        #expect(rows.contains("goals 7201 7202 7203 health-ingest"))
        #expect(rows.contains("analytics 7401 7402 7403 intake, goals, health-ingest"))
    }
}
