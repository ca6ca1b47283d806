import Foundation
import QuenchProtocol
import QuenchTestSupport
import Testing
import WebDashboard

@Suite("Dashboard escaping: hostile names are text, never markup")
struct EscapingTests {
    static let hostile = Fixtures.hostile

    @Test("a fluid named <script>… shows as text in the list, the selects and the one-tap buttons")
    func fluidName() throws {
        // Logged three times: one of the usual drinks (a one-tap tile).
        let intakes = [9, 10, 11].map { Fixtures.intake($0 == 9 ? "i\"1" : "i\($0)", fluid: Self.hostile, ml: 300, hour: $0) }
        var page = Fixtures.today(intakes: intakes)
        page.fluids.append(Fluid(name: Self.hostile, waterPercent: 50, custom: true))
        page.usual = UsualDrinks.pick(recent: intakes, fluids: page.fluids)
        let text = page.render(PageContext(user: "ana<b>", csrf: (name: "_csrf", value: "\"><script>")))
        #expect(!text.contains("<script>") && !text.contains("<b>"))
        let html = try ParsedSVG(text)
        #expect(html.withClass("fluid").first?.text == Self.hostile)
        #expect(html.named("option").contains { $0.attributes["value"] == Self.hostile })
        #expect(html.withClass("quick-log").contains { $0.attributes["data-fluid"] == Self.hostile })
        // The intake id goes into a path: it is escaped there too.
        #expect(html.named("form").contains { $0.attributes["action"] == "/intakes/i\"1/delete" })
        #expect(html.named("p").contains { $0.text == "Signed in as ana<b>" })
        #expect(html.named("input").contains { $0.attributes["value"] == "\"><script>" })
    }

    @Test("exercise names, challenge titles and trophy names with <&\"' come back intact", arguments: [Self.hostile, "Ümlaut & \u{1}ctl", "]]><!--"])
    func otherNames(name: String) throws {
        let strength = try ParsedSVG(StrengthPage(orm: Fixtures.orm(name: name)).render(Fixtures.context))
        let cleaned = SVGCleaned.expected(name)
        #expect(strength.named("h2").contains { $0.text == cleaned })
        #expect(strength.withClass("exercise").first?.attributes["data-exercise"] == cleaned)
        let challenges = try ParsedSVG(ChallengesPage(progress: Fixtures.challenges(title: name), today: Fixtures.day).render(Fixtures.context))
        #expect(challenges.named("h2").contains { $0.text == cleaned })
    }

    @Test("the one escape: HTMLWriter uses the SVG writer's")
    func oneEscape() {
        #expect(HTMLWriter.escape(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;")
        #expect(HTMLWriter.escape("a\u{0}b") == "a\u{FFFD}b")
    }
}

/// What a name reads as after the escape: control characters XML does not allow become U+FFFD.
enum SVGCleaned {
    static func expected(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            let value = scalar.value
            let allowed = value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value < 0x7F) || (value >= 0xA0 && value != 0xFFFE && value != 0xFFFF)
            return allowed ? scalar : "\u{FFFD}"
        }))
    }
}
