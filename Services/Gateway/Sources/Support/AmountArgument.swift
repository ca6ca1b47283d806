import ArgumentParser
import QuenchProtocol
import QuenchStrings

/// A volume as people type it — `250`, `250ml`, `0.5l`, `12oz` (a bare number is mL) — read
/// once, when argument-parser reads the command line. A text that is no amount is kept as
/// typed, so the command's `validate()` refuses it with the message and the field scripts
/// rely on (`AMOUNT: 'lots' is not an amount; …`, `--amount: …`), exit 64.
enum AmountArgument: ExpressibleByArgument, Sendable {
    case amount(value: Double, unit: VolumeUnit)
    case invalid(String)

    init(argument: String) {
        if let (value, unit) = VolumeAmount.parse(argument) {
            self = .amount(value: value, unit: unit)
        } else {
            self = .invalid(argument)
        }
    }

    /// The value and its unit; a usage error naming `name` (the argument as the help shows
    /// it) and the accepted forms (`examples`) when the text was no amount.
    func parsed(name: String, examples: String) throws -> (value: Double, unit: VolumeUnit) {
        switch self {
        case .amount(let value, let unit): (value, unit)
        case .invalid(let text): throw ValidationError(tr(HydrationText.notAnAmount(field: name, text: text, examples: examples)))
        }
    }
}
