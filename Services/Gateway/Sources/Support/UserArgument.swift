public import ArgumentParser
import QuenchProtocol
import QuenchStrings

/// `--user NAME` (and `$QUENCH_USER`), read once by ``UserIDRule`` when argument-parser reads
/// the command line. An id the rule refuses is kept as typed, so the gateway refuses it with
/// the rule and the field scripts rely on (`--user` or `QUENCH_USER`), exit 64.
public enum UserArgument: ExpressibleByArgument, Sendable, Equatable {
    case valid(String)
    case invalid(String)

    public init(argument: String) {
        self = UserIDRule.isValid(argument) ? .valid(argument) : .invalid(argument)
    }

    /// The id; a usage error naming `source` and the rule when it breaks the rule.
    func id(source: String) throws -> String {
        switch self {
        case .valid(let id): return id
        case .invalid(let text): throw CLIError.invalid(field: source, message: tr(SetupText.userRule(rule: tr(SetupText.userIDRule), got: UserIDRule.shown(text))))
        }
    }
}
