import Foundation
import QuenchProtocol
import Testing
import WebDashboard

@Suite("Dashboard model: usual drinks, live groups, formats")
struct DashboardModelTests {
    @Test("usual drinks: most logged pairs first (ties: latest), imported intakes ignored, defaults fill to six without repeats")
    func usual() {
        let intakes = [
            Fixtures.intake("a", fluid: "tea", ml: 300, hour: 7), Fixtures.intake("b", fluid: "water", ml: 250, hour: 8),
            Fixtures.intake("c", fluid: "tea", ml: 300.2, hour: 9), Fixtures.intake("d", fluid: "coffee", ml: 150, hour: 10),
            Fixtures.intake("e", fluid: "juice", ml: 999, hour: 11, source: "apple-health"),
        ]
        let picked = UsualDrinks.pick(recent: intakes, fluids: [Fluid(name: "water", waterPercent: 100, custom: false), Fluid(name: "coffee", waterPercent: 99, custom: false)])
        #expect(picked.prefix(3) == [UsualDrink(fluid: "tea", volumeMl: 300), UsualDrink(fluid: "coffee", volumeMl: 150), UsualDrink(fluid: "water", volumeMl: 250)])
        #expect(picked.count == UsualDrinks.count && Set(picked).count == picked.count)
        #expect(!picked.contains { $0.fluid == "juice" || $0.fluid == "sparkling water" })
        #expect(UsualDrinks.pick(recent: [], fluids: []) == UsualDrinks.defaults)
    }

    @Test("live groups: each event type reaches the pages that show it", arguments: [
        ("intake.logged", "water"), ("intake.batch-logged", "water"), ("goal.changed", "water goal"), ("health.steps.day-changed", "steps"),
        ("health.strength.batch-recorded", "strength"), ("health.weight.recorded", "goal"), ("challenge.upserted", ""),
        ("health.consent.changed", "water goal steps strength consents"), ("intake.erased", "water goal steps strength consents"),
    ])
    func live(type: String, groups: String) {
        #expect(LiveTopics.wire(LiveTopics.groups(forEventType: type)) == groups)
    }

    @Test("every page listens to a group some event sends")
    func pagesListen() {
        let sent = Set(["intake.logged", "goal.changed", "health.steps.day-changed", "health.strength.recorded", "health.consent.changed"]
            .flatMap { LiveTopics.groups(forEventType: $0) })
        #expect(DashboardPage.allCases.allSatisfy { !$0.liveGroups.isDisjoint(with: sent) })
    }

    @Test("formats: thousands, volumes, weights, percents, times in the record's zone, weekdays")
    func formats() {
        #expect(WebFormat.thousands(1_234_567) == "1,234,567" && WebFormat.thousands(-1000) == "-1,000")
        #expect(WebFormat.volume(1250, units: DisplayUnits()) == "1,250 mL" && WebFormat.volume(250.25, units: DisplayUnits()) == "250.3 mL")
        #expect(WebFormat.volume(1250, units: DisplayUnits(volume: "L")) == "1.25 L")
        #expect(WebFormat.weight(100, units: DisplayUnits(weight: "lb")) == "220.46 lb")
        #expect(WebFormat.percent(68) == "68 %" && WebFormat.percent(112.54) == "112.5 %")
        let instant = Date(timeIntervalSince1970: 1_774_224_000)  // 2026-03-23 00:00 UTC
        #expect(WebFormat.time(instant, zone: "America/New_York") == "20:00" && WebFormat.time(instant, zone: "Bogus/Zone") == "00:00")
        #expect(WebFormat.weekday(LocalDay("2026-11-24")!) == 1 && WebFormat.longDay(LocalDay("2026-11-24")!) == "Tuesday, 24 November 2026")
        #expect(WebFormat.month("2026-02") == "February 2026")
    }
}
