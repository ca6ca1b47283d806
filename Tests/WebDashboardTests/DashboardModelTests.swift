import Foundation
import QuenchProtocol
import QuenchStrings
import Testing
import WebDashboard

@Suite("Dashboard model: usual drinks, live groups, formats")
struct DashboardModelTests {
    @Test("usual drinks: pairs logged at least three times, of sensible cup sizes, most often first (ties: latest), imported intakes and unknown fluids ignored, defaults fill to six without repeats")
    func usual() {
        func drinks(_ fluid: String, _ ml: Double, hours: [Int], source: String = "manual") -> [IntakeRecord] {
            hours.map { Fixtures.intake("\(fluid)-\(ml)-\($0)", fluid: fluid, ml: ml, hour: $0, source: source) }
        }
        let intakes = drinks("coffee", 150, hours: [1, 2, 3, 4]) + drinks("tea", 300, hours: [7, 12]) + drinks("tea", 300.2, hours: [9])
            + drinks("water", 250, hours: [8, 10, 13]) + drinks("water", 42, hours: [14]) + drinks("water", 10, hours: [15, 16, 17])
            + drinks("juice", 999, hours: [5, 6, 11], source: "apple-health") + drinks("kombucha", 330, hours: [18, 19, 20])
        let fluids = ["water", "coffee", "tea"].map { Fluid(name: $0, waterPercent: 99, custom: false) }
        let picked = UsualDrinks.pick(recent: intakes, fluids: fluids)
        #expect(picked == [
            UsualDrink(fluid: "coffee", volumeMl: 150), UsualDrink(fluid: "water", volumeMl: 250), UsualDrink(fluid: "tea", volumeMl: 300),
            UsualDrink(fluid: "water", volumeMl: 500), UsualDrink(fluid: "coffee", volumeMl: 200), UsualDrink(fluid: "tea", volumeMl: 250),
        ])
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

    @Test("every page of the user's data listens to a group some event sends; the tokens page (the web's own, no event changes it) to none")
    func pagesListen() {
        let sent = Set(["intake.logged", "goal.changed", "health.steps.day-changed", "health.strength.recorded", "health.consent.changed"]
            .flatMap { LiveTopics.groups(forEventType: $0) })
        #expect(DashboardPage.allCases.filter { $0 != .tokens }.allSatisfy { !$0.liveGroups.isDisjoint(with: sent) })
        #expect(DashboardPage.tokens.liveGroups.isEmpty)
    }

    @Test("formats: thousands, volumes, weights, percents, times in the record's zone, weekdays")
    func formats() {
        let en = Localizer(.en)
        #expect(WebFormat.thousands(1_234_567, en) == "1,234,567" && WebFormat.thousands(-1000, en) == "-1,000")
        #expect(WebFormat.volume(1250, units: DisplayUnits(), en) == "1,250 mL" && WebFormat.volume(250.25, units: DisplayUnits(), en) == "250.3 mL")
        #expect(WebFormat.volume(1250, units: DisplayUnits(volume: "L"), en) == "1.25 L")
        #expect(WebFormat.weight(100, units: DisplayUnits(weight: "lb"), en) == "220.46 lb")
        #expect(WebFormat.percent(68, en) == "68 %" && WebFormat.percent(112.54, en) == "112.5 %")
        let instant = Date(timeIntervalSince1970: 1_774_224_000)  // 2026-03-23 00:00 UTC
        #expect(WebFormat.time(instant, zone: "America/New_York") == "20:00" && WebFormat.time(instant, zone: "Bogus/Zone") == "00:00")
        #expect(WebFormat.weekday(LocalDay("2026-11-24")!) == 1 && WebFormat.longDay(LocalDay("2026-11-24")!, en) == "Tuesday, 24 November 2026")
        #expect(WebFormat.month("2026-02", en) == "February 2026")
        #expect(WebFormat.weekdays(en).first! == ("Mo", "Monday"))
        // Form values stay machine numbers (a dot, no grouping) in every language.
        #expect(WebFormat.formVolume(2450, units: DisplayUnits()) == "2450" && WebFormat.formVolume(1250.5, units: DisplayUnits()) == "1250.5")
    }

    @Test("formats in German and French: grouped digits, decimal commas, unit symbols and names from the catalog")
    func localisedFormats() {
        let de = Localizer(.de)
        #expect(WebFormat.thousands(1_234_567, de) == "1.234.567")
        #expect(WebFormat.volume(1250, units: DisplayUnits(), de) == "1.250 ml" && WebFormat.volume(250.25, units: DisplayUnits(), de) == "250,3 ml")
        #expect(WebFormat.volume(1250, units: DisplayUnits(volume: "L"), de) == "1,25 l")
        #expect(WebFormat.weight(72.5, units: DisplayUnits(), de) == "72,5 kg" && WebFormat.percent(112.54, de) == "112,5 %")
        #expect(WebFormat.longDay(LocalDay("2026-11-24")!, de) == "Dienstag, 24. November 2026" && WebFormat.month("2026-02", de) == "Februar 2026")
        #expect(WebFormat.day(LocalDay("2026-11-24")!, de) == "24.11.2026" && WebFormat.weekdays(de).map(\.short) == ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"])
        let fr = Localizer(.fr)
        #expect(WebFormat.thousands(1_234_567, fr) == "1\u{202F}234\u{202F}567")
        #expect(WebFormat.volume(1250, units: DisplayUnits(volume: "fl-oz"), fr) == "42,3 oz liq.")
        #expect(WebFormat.percent(68, fr) == "68\u{202F}%" && WebFormat.day(LocalDay("2026-11-24")!, fr) == "24/11/2026")
        #expect(WebFormat.longDay(LocalDay("2026-11-24")!, fr) == "mardi 24 novembre 2026" && WebFormat.month("2026-02", fr) == "février 2026")
    }
}
