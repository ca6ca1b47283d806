import ArgumentParser
import Foundation
@testable import QuenchCLI
import Testing

/// `quench import apple-health --help` says exactly which units are read, as docs/PROTOCOL.md's
/// table of sample types does (#27 Deliver): every unit and spelling the table lists, and what
/// happens to a record in another unit.
@Suite("Import help: units as the protocol lists them")
struct ImportHelpUnitsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The backquoted units of the row of `type` in docs/PROTOCOL.md's table of units (its
    /// second column).
    static func protocolUnits(_ type: String) throws -> [String] {
        let lines = try String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8).split(separator: "\n")
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| type | units accepted") }) else { return [] }
        let table = lines[header...].prefix { $0.hasPrefix("|") }
        guard let row = table.first(where: { $0.hasPrefix("| `\(type)` ") }) else { return [] }
        return row.split(separator: "|")[1].split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test("the help names every unit of steps, body mass, distance and water, and the unknown-unit rule")
    func unitsInHelp() throws {
        let help = ImportAppleHealth.configuration.discussion
        for type in ["steps", "body-mass", "distance", "dietary-water"] {
            let units = try Self.protocolUnits(type)
            #expect(!units.isEmpty, "no row for \(type) in docs/PROTOCOL.md")
            // A lower-case twin (`ml` of `mL`) is the same unit, matched ignoring case.
            let twins = Set(units.filter { unit in units.contains { $0 != unit && $0.lowercased() == unit } })
            for unit in units where !twins.contains(unit) {
                #expect(help.range(of: "\\b\(NSRegularExpression.escapedPattern(for: unit))\\b", options: .regularExpression) != nil,
                        "\(type): the help does not name \(unit)")
            }
        }
        #expect(help.contains("unknown-unit") && help.contains("any case"))
        #expect(!help.contains("fl_oz_us, …"), "the water units are listed to the end")
    }
}
