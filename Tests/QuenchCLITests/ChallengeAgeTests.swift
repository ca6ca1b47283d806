import Foundation
@testable import QuenchCLI
import QuenchProtocol
import QuenchStrings
import Testing

/// "Offline, the cached catalog is shown with its age" (#30 part 4): the line above the
/// catalog says where it came from, how old it is and how the last check went.
@Suite("Challenges catalog: its source and age")
struct ChallengeAgeTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func source(fetched: Double, checked: Double, outcome: String, detail: String? = nil, skipped: Int = 0) -> ChallengeSyncState {
        ChallengeSyncState(
            url: "https://feeds.example.org/c.json", etag: "\"v1\"", lastModified: nil, fetchedAt: now.addingTimeInterval(-fetched),
            checkedAt: now.addingTimeInterval(-checked), outcome: outcome, detail: detail, skipped: skipped)
    }

    static func line(_ source: ChallengeSyncState?, _ language: Language = .en) -> String {
        Localizer.$current.withValue(Localizer(language)) { Challenges.sourceText(source, now: now) }
    }

    @Test("fetched and checked: just now, minutes, hours, days; a failed or an unchanged last check; bad items left out")
    func ages() {
        #expect(Self.line(Self.source(fetched: 30, checked: 30, outcome: "replaced")) == "From https://feeds.example.org/c.json, fetched just now.")
        #expect(Self.line(Self.source(fetched: 7_500, checked: 300, outcome: "failed", detail: "the feed answered 503", skipped: 1))
            == "From https://feeds.example.org/c.json, fetched 2 h ago; the last check 5 min ago failed: the feed answered 503; 1 bad item of the feed left out.")
        #expect(Self.line(Self.source(fetched: 3 * 86_400 + 5, checked: 59, outcome: "not_modified"))
            == "From https://feeds.example.org/c.json, fetched 3 days ago; unchanged at the last check just now.")
        // Up to two days in hours, then days (one day is 47 h).
        #expect(Self.line(Self.source(fetched: 47 * 3600, checked: 47 * 3600, outcome: "replaced")).hasSuffix("fetched 47 h ago."))
        #expect(Self.line(Self.source(fetched: 30, checked: 30, outcome: "replaced"), .de) == "Aus https://feeds.example.org/c.json, abgerufen gerade eben.")
        #expect(Self.line(Self.source(fetched: 86_400 * 2, checked: 60 * 10, outcome: "failed", detail: "x"), .de)
            == "Aus https://feeds.example.org/c.json, abgerufen vor 2 Tagen; die letzte Prüfung vor 10 min schlug fehl: x.")
        #expect(Self.line(nil) == Localizer(.en)(ChallengeSyncText.fromFiles))
    }
}
