@testable import QuenchCLI
import QuenchProtocol
import Testing

/// US fluid ounces: one factor (the exact US customary 29.5735295625 mL) for what `quench log
/// 8oz` and `quench goal set 64oz` store and for what the CLI shows back.
@Suite("fl oz: stored and shown with one factor")
struct FluidOunceTests {
    /// 231 in³ / 128 at 2.54 cm to the inch, written out here rather than read from the code.
    static let exact = 231 * 2.54 * 2.54 * 2.54 / 128

    @Test("n oz is stored as round(n × 29573.5295625) µL and shown back as n fl oz")
    func roundTrip() throws {
        #expect(abs(VolumeUnit.millilitresPerUSFluidOunce - Self.exact) < 1e-12)
        let parsed = try #require(VolumeAmount.parse("8oz"))
        #expect(parsed.unit == .usFluidOunce)
        #expect(parsed.unit.toMicrolitres(parsed.value) == 236_588)  // 236.5882365 mL
        #expect(VolumeUnit.usFluidOunce.toMicrolitres(20) == 591_471)  // 591.47059125 mL (29.5735 mL would store 591 470)
        #expect(VolumeUnit.usFluidOunce.toMicrolitres(100) == 2_957_353)
        DisplayUnits.$current.withValue(DisplayUnits(weight: "kg", volume: "fl-oz")) {
            for tenths in 1...2_000 {
                let ounces = Double(tenths) / 10
                let stored = VolumeUnit.usFluidOunce.toMicrolitres(ounces) ?? 0
                #expect(stored == Int64((ounces * Self.exact * 1000).rounded()), "\(ounces) oz")
                let shown = DisplayUnits.volume(Microlitres.toMillilitres(stored))
                let expected = tenths % 10 == 0 ? "\(tenths / 10) fl oz" : "\(tenths / 10).\(tenths % 10) fl oz"
                #expect(shown == expected, "\(ounces) oz shown as \(shown)")
            }
        }
    }
}
