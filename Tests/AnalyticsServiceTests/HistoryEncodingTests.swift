@testable import AnalyticsService
import MessagePack
import QuenchProtocol
import Testing

@Suite("History replies written by hand")
struct HistoryEncodingTests {
    static func page(days: Int, current: Int, longest: Int, lag: [SubscriptionHealth] = [], endingOn today: String = "2026-11-21") -> HistoryPage {
        HistoryPage(
            first: LocalDay(today)!.ordinal - days + 1,
            water: (0..<days).map { [0, 2_500_000, 1_234_567, 1, 1_000_000_000, 2_499_999][$0 % 6] },
            goals: (0..<days).map { [2500, 1800.5, 100_000, 0.001][$0 % 4] },
            currentStreak: current, longestStreak: longest, lag: lag)
    }

    @Test("the bytes are exactly the generic encoder's", arguments: [
        (0, 0, 0), (1, 1, 1), (15, 3, 15), (16, 127, 128), (255, 255, 256), (3660, 3660, 65_535), (30, 65_536, 4_294_967_296),
    ])
    func sameBytes(days: Int, current: Int, longest: Int) throws {
        let lag = [
            SubscriptionHealth(publisher: "intake", appliedSeq: 42, headSeq: 300, skipped: 1, connected: true),
            SubscriptionHealth(publisher: "goals", appliedSeq: 0, headSeq: 0, skipped: 0, connected: false),
        ]
        for lag in [[], lag] {
            for today in ["2026-11-21", "0001-01-31", "9999-12-31", "2024-02-29", "2101-03-01", "2000-03-01", "1900-03-01"] {
                let page = Self.page(days: min(days, today == "0001-01-31" ? 31 : days), current: current, longest: longest, lag: lag, endingOn: today)
                let raw = try HistoryEncoding.encode(page)
                #expect(raw.bytes == (try MessagePackEncoder().encode(page.reply)), "\(days) days to \(today)")
                #expect(try raw.decode(HistoryReply.self) == page.reply)
            }
        }
    }

    @Test("stepping a day at a time writes what the calendar arithmetic gives", arguments: [
        ("0001-01-01", "0101-03-01"), ("1599-12-01", "2500-03-01"), ("9899-12-01", "9999-12-31"),
    ])
    func dayDigits(from: String, through: String) {
        var digits = HistoryEncoding.DayDigits(LocalDay(from)!)
        var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: 10)
        var mismatches: [String] = []
        for ordinal in LocalDay(from)!.ordinal...LocalDay(through)!.ordinal {
            bytes.withUnsafeMutableBytes { digits.write(into: $0, at: 0) }
            let expected = LocalDay(ordinal: ordinal).description
            if String(decoding: bytes, as: UTF8.self) != expected, mismatches.count < 5 {
                mismatches.append("\(String(decoding: bytes, as: UTF8.self)) for \(expected)")
            }
            digits.advance()
        }
        #expect(mismatches.isEmpty)
    }

    @Test("a range's goals walked once are the goals looked up day by day")
    func goalsWalked() {
        var generator = SystemRandomNumberGenerator()
        let base = LocalDay("2020-01-01")!.ordinal
        for _ in 0..<200 {
            // Changes on random days, some on the same day (the last one wins), some before the range.
            let changes = (0..<Int.random(in: 0...12, using: &generator)).map { index in
                (day: base + Int.random(in: -40...400, using: &generator), goal: GoalTimeline.Goal(goalMl: Double(1000 + index), source: "manual"))
            }.sorted { $0.day < $1.day }
            let timeline = GoalTimeline(ordinals: changes)
            let first = base + Int.random(in: -60...300, using: &generator)
            let count = Int.random(in: 0...200, using: &generator)
            #expect(timeline.goalsMl(from: first, count: count) == (0..<count).map { timeline.goal(onOrdinal: first + $0).goalMl })
        }
    }
}
