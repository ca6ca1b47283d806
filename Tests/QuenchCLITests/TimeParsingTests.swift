import Foundation
@testable import QuenchCLI
import Testing

/// `--at` as people type it (`log`, `weight add`, …): impossible dates and times are refused with
/// the rule, never rolled into another day. The expected instants come from Python's `datetime`.
@Suite("CLI --at: strict times")
struct TimeParsingTests {
    @Test("real times in each accepted form")
    func accepted() throws {
        #expect(try TimeParsing.instant("2026-11-21T08:30:00Z", zone: "UTC").timeIntervalSince1970 == 1_795_249_800)
        #expect(try TimeParsing.instant("2026-11-21T08:30:00+01:00", zone: "UTC").timeIntervalSince1970 == 1_795_246_200)
        #expect(try TimeParsing.instant("2026-12-01 21:00", zone: "America/Los_Angeles").timeIntervalSince1970 == 1_796_187_600)
        #expect(try TimeParsing.instant("2026-12-01T21:00:00", zone: "America/Los_Angeles").timeIntervalSince1970 == 1_796_187_600)
        let now = Date(timeIntervalSince1970: 1_796_187_600)   // 2026-12-01 21:00 in Los Angeles, 12-02 05:00 UTC
        #expect(try TimeParsing.instant("08:30", zone: "America/Los_Angeles", now: now).timeIntervalSince1970 == 1_796_142_600)
    }

    @Test("impossible dates and times exit as usage errors naming --at", arguments: [
        "2026-02-30T10:00:00Z", "2026-11-31 10:00", "2026-11-21 25:00", "2026-11-21 10:61", "25:00", "10:61", "2026-02-30",
    ])
    func refused(text: String) {
        #expect(throws: CLIError.self) { _ = try TimeParsing.instant(text, zone: "UTC") }
        do {
            _ = try TimeParsing.instant(text, zone: "UTC")
        } catch {
            #expect("\(error)".contains("--at"), "\(error)")
        }
    }
}
