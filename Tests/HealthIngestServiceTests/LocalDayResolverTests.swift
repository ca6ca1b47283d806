import Foundation
@testable import HealthIngestService
import QuenchProtocol
import Testing

@Suite("Local day resolver")
struct LocalDayResolverTests {
    @Test("agrees with LocalDay(instant:timeZone:) around every transition, in order and out of order", arguments: [
        "Europe/Berlin", "America/Los_Angeles", "Asia/Kathmandu", "Australia/Lord_Howe", "UTC", "Pacific/Apia",
    ])
    func agrees(zone: String) {
        let timeZone = TimeZone(identifier: zone)!
        var resolver = LocalDayResolver(timeZone: timeZone)
        let start = 1_293_840_000.0  // 2011-01-01
        var instants = stride(from: start, to: start + 3 * 365 * 86_400, by: 1_777).map(Date.init(timeIntervalSince1970:))
        for instant in instants {
            #expect(resolver.day(of: instant) == LocalDay(instant: instant, timeZone: timeZone), "\(zone) \(instant)")
        }
        var generator = SystemRandomNumberGenerator()
        instants.shuffle(using: &generator)
        for instant in instants.prefix(2000) {
            #expect(resolver.day(of: instant) == LocalDay(instant: instant, timeZone: timeZone), "\(zone) \(instant)")
        }
    }
}

@Suite("Day text")
struct DayTextTests {
    @Test("matches LocalDay.description for every day of four centuries' edges")
    func matches() {
        for ordinal in stride(from: LocalDay(year: 1, month: 1, day: 1)!.ordinal, to: LocalDay(year: 9999, month: 12, day: 31)!.ordinal, by: 997) {
            let day = LocalDay(ordinal: ordinal)
            #expect(day.description == day.description)
        }
        #expect(LocalDay(year: 2025, month: 1, day: 9)!.description == "2025-01-09")
    }
}
