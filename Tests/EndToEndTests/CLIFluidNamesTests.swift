import Foundation
import Testing

/// Issue 39 item 11: the seeded fluids read in the user's language in the CLI (log, intakes,
/// fluids) and are understood when typed in it; the wire and `--json` keep the catalog's name.
@Suite("CLI: fluid names in the user's language", .serialized)
struct CLIFluidNamesTests {
    @Test("--fluid Kaffee logs coffee; German and French show Kaffee and café; --json says coffee; a fluid of one's own stays as named")
    func translated() throws {
        let folder = temporaryDirectory("cli-fluid-names")
        let intake = try ServiceProcess("intake", dataDirectory: folder.appendingPathComponent("intake"))
        defer { intake.stop() }
        let cli = CLIRunner(configPath: try CLIRunner.writeConfig([intake], to: folder))

        let german = try cli.run(["log", "250", "--fluid", "Kaffee", "--lang", "de"])
        #expect(german.status == 0, "\(german.stderr)")
        #expect(german.stdout.contains("Kaffee") && !german.stdout.contains("coffee"), "\(german.stdout)")
        let french = try cli.run(["log", "300", "--fluid", "eau gazeuse", "--lang", "fr", "--json"])
        #expect(try french.json()["fluid"] as? String == "sparkling water", "\(french.stdout)")

        let listed = try cli.run(["intakes", "--json"])
        let fluids = (try listed.json()["intakes"] as? [[String: Any]])?.compactMap { $0["fluid"] as? String }
        #expect(Set(fluids ?? []) == ["coffee", "sparkling water"], "\(listed.stdout)")
        let table = try cli.run(["intakes", "--lang", "fr"])
        #expect(table.stdout.contains("café") && table.stdout.contains("eau gazeuse") && !table.stdout.contains("coffee"), "\(table.stdout)")

        let catalog = try cli.run(["fluids", "--lang", "de"])
        for name in ["Wasser", "Tee", "Kaffee", "Milch", "Bier"] {
            #expect(catalog.stdout.contains(name), "\(name) missing:\n\(catalog.stdout)")
        }
        #expect(!catalog.stdout.contains("coffee"), "\(catalog.stdout)")
        #expect(try cli.run(["fluids", "add", "Kombucha", "--water", "97"]).status == 0)
        #expect(try cli.run(["fluids", "--lang", "fr"]).stdout.contains("kombucha"))
        let mine = try cli.run(["log", "200", "--fluid", "kombucha", "--lang", "de"])
        #expect(mine.status == 0 && mine.stdout.contains("kombucha"), "\(mine.stdout)\(mine.stderr)")
    }
}
