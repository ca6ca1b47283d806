import Foundation
import QuenchProtocol
import QuenchStrings

/// The units people see weights and volumes in: the stored preference (`units.get`, kept by
/// health-ingest), or kg and mL. Commands that show weights or volumes load it into
/// ``current`` for the time they run (`CLI.run(_:units:_:)`); JSON output stays in kg and mL.
struct DisplayUnits: Sendable, Equatable {
    var weight = "kg"
    var volume = "mL"

    @TaskLocal static var current = DisplayUnits()

    /// The international pound's inverse (`ValueRules.kilogramsPerPound`, the one the services read `lb` with).
    static let poundsPerKilogram = 1 / ValueRules.kilogramsPerPound

    /// The preference; the defaults when health-ingest cannot say (the command still answers).
    static func load(_ gateway: Gateway) async -> DisplayUnits {
        guard let reply: UnitsReply = try? await gateway.call(.unitsGet, UnitsGetRequest()) else {
            return DisplayUnits()
        }
        return DisplayUnits(weight: reply.weight, volume: reply.volume)
    }

    /// `72.5 kg` / `159.8 lb`: a weight in kg shown in `unit` (the preference unless given), in the user's language.
    static func weight(_ kilograms: Double, unit: String? = nil) -> String {
        let unit = Localizer.WeightUnit(rawValue: unit ?? current.weight) ?? .kilogram
        return l10n.weight(kilograms, unit: unit, poundsPerKilogram: poundsPerKilogram)
    }

    /// `250 mL` / `0.25 L` / `8.5 fl oz`: a volume in mL in the preferred unit, in the user's language.
    static func volume(_ millilitres: Double) -> String {
        l10n.volume(
            millilitres, unit: Localizer.VolumeUnit(rawValue: current.volume) ?? .millilitre,
            millilitresPerFluidOunce: VolumeUnit.millilitresPerUSFluidOunce)
    }
}
