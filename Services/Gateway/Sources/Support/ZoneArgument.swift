public import ArgumentParser
public import QuenchProtocol
import Foundation
import QuenchStrings

/// `--tz NAME`, read once by the zone rule (``ZoneID``, the rule services apply to the
/// envelope's `tz`) when argument-parser reads the command line. A name the rule refuses is
/// kept as typed, so the gateway refuses it naming `--tz` and the rule, exit 64.
public enum ZoneArgument: ExpressibleByArgument, Sendable, Equatable {
    case valid(ZoneID)
    case invalid(String)

    public init(argument: String) {
        self = ZoneID(argument).map(ZoneArgument.valid) ?? .invalid(argument)
    }

    /// The zone; a usage error naming `--tz` and the rule when the name breaks it.
    func zone() throws -> ZoneID {
        switch self {
        case .valid(let zone): return zone
        case .invalid(let text): throw CLIError.usage(tr(SetupText.notAZone(text)))
        }
    }

    /// The system's zone, the default of `--tz` (kept as Foundation names it when the zone rule
    /// does not know that name: the service then says why).
    static var system: ZoneID {
        let current = TimeZone.current
        return ZoneID(current.identifier) ?? ZoneID(checked: current.identifier, timeZone: current)
    }
}
