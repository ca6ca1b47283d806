import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

/// What went wrong, as the CLI reports it: one line, and a distinct exit status per kind.
enum CLIError: Error, CustomStringConvertible {
    /// The command was used wrongly (exit 64).
    case usage(String)
    /// An argument or option breaks its rule (exit 64); `field` names it (`AMOUNT`, `--user`).
    case invalid(field: String, message: String)
    /// A service did not answer (exit 69).
    case unavailable(service: String, endpoint: String, detail: String)
    /// A service refused the request (exit 65; 77 for permission problems; 70 internal).
    case rejected(service: String, error: QuenchError)
    /// Several services did not answer (`quench status`; exit 69): each with its endpoint.
    case servicesDown([(service: String, endpoint: String)])
    /// A local failure: a file that cannot be read, … (exit 74).
    case io(String)
    /// Services answer but report a problem (`quench status --health`; exit 69).
    case unhealthy(String)

    var exitCode: Int32 {
        switch self {
        case .usage, .invalid: 64
        case .unavailable, .servicesDown: 69
        case .rejected(_, let error):
            switch error.code {
            case .permissionDenied, .unauthenticated: 77
            case .internal: 70
            case .unavailable: 69
            default: 65
            }
        case .io: 74
        case .unhealthy: 69
        }
    }

    var code: String {
        switch self {
        case .usage: "usage"
        case .invalid: ErrorCode.invalidArgument.rawValue
        case .unavailable, .servicesDown: ErrorCode.unavailable.rawValue
        case .rejected(_, let error): error.code.rawValue
        case .io: "io"
        case .unhealthy: ErrorCode.unavailable.rawValue
        }
    }

    var field: String? {
        switch self {
        case .rejected(_, let error): error.field
        case .invalid(let field, _): field
        default: nil
        }
    }

    /// The message without the field prefix (JSON carries the field on its own), in the
    /// user's language (``ErrorText/service(code:field:detail:)``: the code's meaning, the
    /// service's own words kept).
    var message: String {
        if case .rejected(_, let error) = self {
            // The client library's own errors (a refused key, a closed client) are the catalog's.
            if let own = ClientText(clientMessage: error.message) { return tr(own) }
            return tr(ErrorText.service(
                code: error.code.rawValue, field: error.field, detail: error.message, rule: error.rule?.name, values: error.rule?.values ?? [:]))
        }
        if case .invalid(_, let message) = self { return message }
        return description
    }

    var description: String {
        switch self {
        case .usage(let message):
            return message
        case .invalid(let field, let message):
            return tr(CommonText.field(field, message: message))
        case .unavailable(let service, let endpoint, let detail):
            return tr(ErrorText.notAnswering(service: service, endpoint: endpoint, noConnection: Self.isConnectTimeout(detail)))
        case .servicesDown(let down):
            let each = down.map { tr(ErrorText.serviceAt(service: $0.service, endpoint: $0.endpoint)) }.joined(separator: ", ")
            return tr(ErrorText.servicesDown(list: each, count: down.count))
        case .rejected(let service, let error):
            // The translations name the field in their message; English puts it first.
            let what = l10n.language == .en ? error.field.map { "\($0): " } ?? "" : ""
            let hint: String
            switch error.code {
            case .unauthenticated: hint = tr(ErrorText.checkYourKey)
            case .internal: hint = tr(ErrorText.seeServiceLog(service: service))
            default: hint = ""
            }
            return "\(what)\(message)\(hint)"
        case .io(let message):
            return message
        case .unhealthy(let problems):
            return tr(ErrorText.notHealthy(problems))
        }
    }

    /// Whether the client library's detail says nothing accepted a connection (at all, or
    /// again after the service closed one).
    static func isConnectTimeout(_ detail: String) -> Bool {
        switch ClientText(clientMessage: detail) {
        case .connectTimeout?, .connectionClosed(_, _?)?: true
        default: false
        }
    }

    /// The same for any error a command throws.
    static func from(_ error: any Error) -> CLIError {
        switch error {
        case let error as CLIError: return error
        case let error as QuenchError: return .rejected(service: "quench", error: error)
        default: return .io(diagnostic(error))
        }
    }
}
