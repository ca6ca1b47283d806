import Foundation
import QuenchProtocol
import Testing

@Suite("LocalDay")
struct LocalDayTests {
    @Test("the day of an instant equals the calendar's, across zones and DST changes", arguments: [
        "UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe", "Pacific/Kiritimati", "America/St_Johns",
    ])
    func matchesCalendar(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // Every 17 minutes through 2026, which crosses both DST changes of each zone.
        var instant = Date(timeIntervalSince1970: 1_767_225_600)
        let end = Date(timeIntervalSince1970: 1_798_761_600)
        while instant < end {
            let parts = calendar.dateComponents([.year, .month, .day], from: instant)
            let day = LocalDay(instant: instant, timeZone: timeZone)
            #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day], "\(instant) in \(zone)")
            if day.year != parts.year || day.month != parts.month || day.day != parts.day { return }
            instant.addTimeInterval(17 * 60)
        }
    }

    @Test("parsing refuses impossible dates; ordinals round trip")
    func parsing() {
        #expect(LocalDay("2026-02-30") == nil)
        #expect(LocalDay("2024-02-29") != nil)
        #expect(LocalDay("2026-2-01") == nil)
        let day = LocalDay("2026-03-08")!
        #expect(LocalDay(ordinal: day.ordinal) == day)
        #expect(day.adding(days: 366).description == "2027-03-09")
        #expect(LocalDay("1970-01-01")!.ordinal == 0)
    }
}
