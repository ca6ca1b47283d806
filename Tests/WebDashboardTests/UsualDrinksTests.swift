import Foundation
import QuenchProtocol
import Testing
import WebDashboard

/// The one-tap tiles are the user's usual drinks and cup sizes (issue #39 item 15: they learned
/// any recent volume, 10 mL, 25 mL, 42 mL).
@Suite("Usual drinks: the user's own cups, not any recent volume")
struct UsualDrinksTests {
    static let fluids = ["water", "coffee", "tea", "sparkling water"].map { Fluid(name: $0, waterPercent: 99, custom: false) }

    static func logged(_ fluid: String, _ ml: Double, times: Int, from hour: Int = 0) -> [IntakeRecord] {
        (0..<times).map { Fixtures.intake("\(fluid)-\(ml)-\(hour + $0)", fluid: fluid, ml: ml, hour: hour + $0) }
    }

    @Test("one odd drink, or a test of 10 mL however often, is never a tile; three of a cup size is")
    func oddDrinksAreNotTiles() {
        let odd = Self.logged("water", 42, times: 1) + Self.logged("water", 10, times: 5, from: 1) + Self.logged("water", 25, times: 2, from: 6)
        #expect(UsualDrinks.pick(recent: odd, fluids: Self.fluids) == UsualDrinks.defaults)
        let usual = odd + Self.logged("coffee", 180, times: 3, from: 10)
        #expect(UsualDrinks.pick(recent: usual, fluids: Self.fluids).first == UsualDrink(fluid: "coffee", volumeMl: 180))
        // Sizes are compared to the mL: 299.8 and 300.2 are the same cup; the tile has the latest.
        let near = Self.logged("tea", 299.8, times: 2) + Self.logged("tea", 300.2, times: 1, from: 5)
        #expect(UsualDrinks.pick(recent: near, fluids: Self.fluids).first == UsualDrink(fluid: "tea", volumeMl: 300.2))
    }

    @Test("a user who sees fl oz gets cup sizes in fl oz; their own 8 fl oz is not offered twice")
    func fluidOunces() {
        let ounces = DisplayUnits(volume: "fl-oz")
        let defaults = UsualDrinks.pick(recent: [], fluids: Self.fluids, units: ounces)
        #expect(defaults.map { ($0.volumeMl / VolumeUnit.millilitresPerUSFluidOunce * 10).rounded() / 10 } == [8, 16.9, 8, 8, 12, 24])
        let own = Self.logged("water", 8 * VolumeUnit.millilitresPerUSFluidOunce, times: 3)
        let picked = UsualDrinks.pick(recent: own, fluids: Self.fluids, units: ounces)
        #expect(picked.count == UsualDrinks.count)
        #expect(picked.filter { $0.fluid == "water" && abs($0.volumeMl - 236.6) < 1 }.count == 1)
    }

    @Test("the most often logged first, up to six, none twice")
    func order() {
        let recent = Self.logged("tea", 250, times: 3) + Self.logged("water", 330, times: 5, from: 3) + Self.logged("coffee", 60, times: 4, from: 8)
            + Self.logged("water", 1000, times: 3, from: 12) + Self.logged("sparkling water", 500, times: 3, from: 15)
            + Self.logged("coffee", 200, times: 3, from: 18) + Self.logged("tea", 400, times: 3, from: 21)
        let picked = UsualDrinks.pick(recent: recent, fluids: Self.fluids)
        #expect(picked.count == 6 && Set(picked).count == 6)
        #expect(picked.prefix(2) == [UsualDrink(fluid: "water", volumeMl: 330), UsualDrink(fluid: "coffee", volumeMl: 60)])
        // Ties by the latest: tea 400 (hours 21–23) before coffee 200 (18–20) before sparkling water.
        #expect(picked[2] == UsualDrink(fluid: "tea", volumeMl: 400) && picked[3] == UsualDrink(fluid: "coffee", volumeMl: 200))
    }
}
