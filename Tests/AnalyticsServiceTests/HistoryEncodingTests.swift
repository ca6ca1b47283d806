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
            for today in ["2026-11-21", "0001-01-31", "9999-12-31", "2024-02-29"] {
                let page = Self.page(days: min(days, today == "0001-01-31" ? 31 : days), current: current, longest: longest, lag: lag, endingOn: today)
                let raw = try HistoryEncoding.encode(page)
                #expect(raw.bytes == (try MessagePackEncoder().encode(page.reply)), "\(days) days to \(today)")
                #expect(try raw.decode(HistoryReply.self) == page.reply)
            }
        }
    }
}
