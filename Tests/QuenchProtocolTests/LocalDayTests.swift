import Foundation
import MessagePack
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

    @Test("description writes YYYY-MM-DD as String(format:) does; parsing takes back exactly what it wrote, nothing else")
    func formatRoundTrip() {
        for ordinal in stride(from: -800_000, through: 2_900_000, by: 997) {
            let day = LocalDay(ordinal: ordinal)
            guard (1...9999).contains(day.year) else { continue }
            #expect(day.description == String(format: "%04d-%02d-%02d", day.year, day.month, day.day))
            #expect(LocalDay(day.description)?.ordinal == ordinal)
        }
        for bad in ["2026-02-30", "2026-13-01", "2026-1-01", "2026-01-011", "2026/01/01", "", "２０２６-01-01", "2026-01-0x", "+026-01-01", "2026-01-01\0"] {
            #expect(LocalDay(bad) == nil, "\(bad)")
        }
    }

    @Test("a day on the wire is the string YYYY-MM-DD; a bad one fails decoding with the rule and a bounded echo")
    func wire() throws {
        let day = try #require(LocalDay("2026-03-08"))
        #expect(try MessagePackEncoder().encode(day) == MessagePackEncoder().encode("2026-03-08"))
        #expect(try MessagePackDecoder().decode(LocalDay.self, from: MessagePackEncoder().encode("2026-03-08")) == day)
        let long = "2026-02-30" + String(repeating: "x", count: 500)
        do {
            _ = try MessagePackDecoder().decode(LocalDay.self, from: MessagePackEncoder().encode(long))
            Issue.record("a bad day decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.hasPrefix("must be a date YYYY-MM-DD, got '2026-02-30"))
            #expect(context.debugDescription.count < 100)
        }
    }
}

@Suite("LocalDay in messages")
struct LocalDayMessageTests {
    /// `StepsDayChangedBody` as it was before its day was typed: the bytes must not change.
    struct StringStepsDay: Encodable {
        var user: String
        var day: String
        var steps: Int64
    }

    @Test("a typed day field writes the bytes the String field wrote; a bad one fails decoding")
    func sameBytes() throws {
        let typed = StepsDayChangedBody(user: "ana", day: try #require(LocalDay("2026-11-02")), steps: 4_000)
        let bytes = try MessagePackEncoder().encode(typed)
        #expect(bytes == (try MessagePackEncoder().encode(StringStepsDay(user: "ana", day: "2026-11-02", steps: 4_000))))
        #expect(try MessagePackDecoder().decode(StepsDayChangedBody.self, from: bytes) == typed)
        #expect(throws: DecodingError.self) {
            try MessagePackDecoder().decode(StepsDayChangedBody.self, from: MessagePackEncoder().encode(StringStepsDay(user: "ana", day: "11/02/2026", steps: 1)))
        }
    }

    @Test("a stored day that is no day is an internal error naming it, not a made-up day")
    func stored() throws {
        #expect(try LocalDay(stored: "2026-11-02") == LocalDay("2026-11-02"))
        do {
            _ = try LocalDay(stored: "2026-02-30")
            Issue.record("a bad stored day was read")
        } catch let error as QuenchError {
            #expect(error.code == .internal && error.message.contains("'2026-02-30'"), "\(error)")
        }
    }
}
