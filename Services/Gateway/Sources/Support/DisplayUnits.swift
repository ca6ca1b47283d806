import Foundation
import QuenchProtocol

/// The units people see weights and volumes in: the stored preference (`units.get`, kept by
/// health-ingest), or kg and mL. Commands that show weights or volumes load it into
/// ``current`` for the time they run (`CLI.run(_:units:_:)`); JSON output stays in kg and mL.
struct DisplayUnits: Sendable, Equatable {
    var weight = "kg"
    var volume = "mL"

    @TaskLocal static var current = DisplayUnits()

    /// The international pound's inverse (`ValueRules.kilogramsPerPound`, the one the services read `lb` with).
    static let poundsPerKilogram = 1 / ValueRules.kilogramsPerPound
    static let millilitresPerFluidOunce = 29.5735295625

    /// The preference; the defaults when health-ingest cannot say (the command still answers).
    static func load(_ gateway: Gateway) async -> DisplayUnits {
        guard let reply: UnitsReply = try? await gateway.call(.unitsGet, UnitsGetRequest()) else {
            return DisplayUnits()
        }
        return DisplayUnits(weight: reply.weight, volume: reply.volume)
    }

    /// `72.5 kg` / `159.8 lb`: a weight in kg shown in `unit` (the preference unless given).
    static func weight(_ kilograms: Double, unit: String? = nil) -> String {
        let unit = unit ?? current.weight
        let value = unit == "lb" ? kilograms * poundsPerKilogram : kilograms
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? "\(Int(rounded)) \(unit)" : String(format: "%.2f \(unit)", rounded)
    }

    /// `250 mL` / `0.25 L` / `8.5 fl oz`: a volume in mL in the preferred unit.
    static func volume(_ millilitres: Double) -> String {
        switch current.volume {
        case "L":
            return String(format: "%.2f L", millilitres / 1000)
        case "fl-oz":
            let ounces = millilitres / millilitresPerFluidOunce
            return ounces == ounces.rounded() ? "\(Int(ounces)) fl oz" : String(format: "%.1f fl oz", ounces)
        default:
            return millilitres == millilitres.rounded() ? "\(Int(millilitres)) mL" : String(format: "%.1f mL", millilitres)
        }
    }
}
