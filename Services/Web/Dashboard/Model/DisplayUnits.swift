/// The units a user sees volumes and weights in: the preference health-ingest keeps
/// (`units.get`), else mL and kg. Forms still post in the unit they name.
public struct DisplayUnits: Sendable, Equatable {
    /// `mL`, `L` or `fl-oz` (as `units.get` answers).
    public var volume: String
    /// `kg` or `lb`.
    public var weight: String

    public init(volume: String = "mL", weight: String = "kg") {
        self.volume = volume
        self.weight = weight
    }

    /// The unit a form's volume field is in, as `intake.log`/`goal.set` take it.
    public var volumeFormUnit: String {
        switch volume {
        case "L": "l"
        case "fl-oz": "floz"
        default: "ml"
        }
    }
}
