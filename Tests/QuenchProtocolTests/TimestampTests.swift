import Foundation
import QuenchProtocol
import Testing

/// The expected instants were computed with Python's `datetime` and `zoneinfo`, not by Quench.
@Suite("Timestamp: strict dates and times")
struct TimestampTests {
    @Test("real instants parse to the second", arguments: [
        ("2026-11-21T08:30:00Z", 1_795_249_800.0),
        ("2026-11-21t08:30:00z", 1_795_249_800.0),
        ("2026-11-21 08:30:00Z", 1_795_249_800.0),
        ("2026-11-21T08:30:00+01:00", 1_795_246_200.0),
        ("2024-02-29T23:59:59.250-05:30", 1_709_270_999.25),
    ])
    func parses(text: String, expected: Double) throws {
        let date = try #require(Timestamp.instant(text))
        #expect(abs(date.timeIntervalSince1970 - expected) < 0.000_5)
    }

    @Test("impossible dates and times are refused, never rolled into another day", arguments: [
        "2026-02-30T10:00:00Z", "2026-11-31T10:00:00Z", "2025-02-29T10:00:00Z", "2026-13-01T10:00:00Z",
        "2026-00-10T10:00:00Z", "2026-11-00T10:00:00Z", "2026-11-21T25:00:00Z", "2026-11-21T24:00:00Z",
        "2026-11-21T10:61:00Z", "2026-11-21T10:00:60Z", "2026-11-21T10:00:00+24:00", "2026-11-21T10:00:00+01:60",
        "2026-11-21T10:00:00", "2026-11-21T10:00Z", "2026-11-21T10:00:00.Z", "2026-1-21T10:00:00Z",
        "+2026-11-21T10:00:00Z", "2026-11-21T10:00:00Z ", "", "2026-11-21",
    ])
    func refuses(text: String) {
        #expect(Timestamp.instant(text) == nil, "\(text) was accepted")
    }

    @Test("wall-clock times and times of day are checked the same way")
    func wallClock() {
        #expect(Timestamp.wallClock("2026-11-21 08:30")?.day == LocalDay("2026-11-21"))
        #expect(Timestamp.wallClock("2026-11-21T08:30:15")?.time == Timestamp.ClockTime(hour: 8, minute: 30, second: 15))
        for bad in ["2026-02-30 08:30", "2026-11-21 25:00", "2026-11-21 10:61", "2026-11-21 8:30", "2026-11-21"] {
            #expect(Timestamp.wallClock(bad) == nil, "\(bad) was accepted")
        }
        #expect(Timestamp.clockTime("23:59") == Timestamp.ClockTime(hour: 23, minute: 59))
        for bad in ["24:00", "25:00", "10:61", "10:30:99", "1:05", "10:5", "10", "10:30 "] {
            #expect(Timestamp.clockTime(bad) == nil, "\(bad) was accepted")
        }
    }

    @Test("a wall-clock time in a zone: the offset of that moment, DST gaps moved forward, folds at their first", arguments: [
        ("2026-12-01", 21, 0, "America/Los_Angeles", 1_796_187_600.0),
        ("2026-03-29", 2, 30, "Europe/Berlin", 1_774_747_800.0),     // in the gap: 03:30 CEST
        ("2026-03-29", 3, 30, "Europe/Berlin", 1_774_747_800.0),
        ("2026-10-25", 2, 30, "Europe/Berlin", 1_792_888_200.0),     // twice that night: the first
        ("2026-03-08", 2, 30, "America/Los_Angeles", 1_772_965_800.0), // in the gap: 03:30 PDT
    ])
    func inZone(day: String, hour: Int, minute: Int, zone: String, expected: Double) throws {
        let local = try #require(LocalDay(day))
        let time = try #require(Timestamp.ClockTime(hour: hour, minute: minute))
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(Timestamp.instant(day: local, time: time, in: timeZone).timeIntervalSince1970 == expected)
    }
}
