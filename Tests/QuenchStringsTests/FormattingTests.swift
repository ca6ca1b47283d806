import Foundation
import QuenchStrings
import Testing

/// Numbers, percentages, days, months and units in each locale (CLDR data via ICU).
@Suite("Locale formatting")
struct FormattingTests {
    @Test("numbers and percentages")
    func numbers() {
        #expect(Localizer(.en).integer(1_234_567) == "1,234,567")
        #expect(Localizer(.de).integer(1_234_567) == "1.234.567")
        #expect(Localizer(.fr).integer(1_234_567) == "1\u{202F}234\u{202F}567")
        #expect(Localizer(.en).decimal(2.5, maximum: 2) == "2.5")
        #expect(Localizer(.de).decimal(2.5, maximum: 2) == "2,5")
        #expect(Localizer(.fr).decimal(0.25, minimum: 2, maximum: 2) == "0,25")
        #expect(Localizer(.en).percent(68) == "68 %")
        #expect(Localizer(.en).percent(68.44) == "68.4 %")
        #expect(Localizer(.de).percent(68.44) == "68,4 %")
        #expect(Localizer(.fr).percent(68.44) == "68,4\u{202F}%")
    }

    @Test("days, months and the time of day")
    func dates() {
        #expect(Localizer(.en).day("2026-11-20") == "2026-11-20")
        #expect(Localizer(.de).day("2026-11-20") == "20.11.2026")
        #expect(Localizer(.fr).day("2026-11-20") == "20/11/2026")
        #expect(Localizer(.de).day("not a day") == "not a day")
        #expect(Localizer(.en).month("2026-10") == "October 2026")
        #expect(Localizer(.de).month("2026-03") == "März 2026")
        #expect(Localizer(.fr).month("2026-02") == "février 2026")
        #expect(Pseudo.plainWords(in: Localizer(.pseudo).month("2026-10")).isEmpty)
        let instant = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC (python3: datetime.fromtimestamp)
        #expect(Localizer(.fr).time(instant, zone: "Europe/Paris") == "12:06")
        #expect(Localizer(.en).longDay("2026-11-24") == "Tuesday, 24 November 2026")
        #expect(Localizer(.de).longDay("2026-11-24") == "Dienstag, 24. November 2026")
        #expect(Localizer(.fr).longDay("2026-11-24") == "mardi 24 novembre 2026")
    }

    @Test("volumes and weights in the preferred unit, symbols per language")
    func units() {
        let floz = 29.5735295625  // the caller's factor (QuenchProtocol's VolumeUnit.millilitresPerUSFluidOunce)
        #expect(Localizer(.en).volume(250, millilitresPerFluidOunce: floz) == "250 mL")
        #expect(Localizer(.en).volume(250.25, millilitresPerFluidOunce: floz) == "250.2 mL" || Localizer(.en).volume(250.25, millilitresPerFluidOunce: floz) == "250.3 mL")
        #expect(Localizer(.de).volume(1250, millilitresPerFluidOunce: floz) == "1.250 ml")
        #expect(Localizer(.en).volume(250, unit: .litre, millilitresPerFluidOunce: floz) == "0.25 L")
        #expect(Localizer(.fr).volume(250, unit: .litre, millilitresPerFluidOunce: floz) == "0,25 l")
        #expect(Localizer(.en).volume(floz * 8.5, unit: .fluidOunce, millilitresPerFluidOunce: floz) == "8.5 fl oz")
        #expect(Localizer(.en).weight(72, poundsPerKilogram: 2.2) == "72 kg")
        #expect(Localizer(.en).weight(72.5, poundsPerKilogram: 2.2) == "72.50 kg")
        #expect(Localizer(.de).weight(72.5, poundsPerKilogram: 2.2) == "72,50 kg")
        #expect(Localizer(.en).weight(10, unit: .pound, poundsPerKilogram: 2.2) == "22 lb")
    }
}
