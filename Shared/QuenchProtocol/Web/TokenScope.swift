import Foundation

/// What an API token may do on the web's HTTP API (docs/PROTOCOL.md §10, "Scopes"). A token
/// holds one or more; `account` is the full scope and covers the others.
///
/// ```swift
/// TokenScope.account.covers(.read)   // true
/// TokenScope.ingest.covers(.read)    // false
/// ```
public enum TokenScope: String, Codable, Sendable, CaseIterable {
    /// Health data in: `POST /api/v1/health-auto-export`, `POST /api/v1/weight`.
    case ingest
    /// Drinks: log, edit and delete them (`POST /api/v1/intakes`, `PATCH`/`DELETE /api/v1/intakes/{id}`).
    case log
    /// Every read (`GET` of the API's data).
    case read
    /// Everything, and managing the account: the goal, consents, erasing it
    /// (`DELETE /api/v1/me`), signing a browser in, the dashboard.
    case account

    /// Whether a token with this scope may do what `needed` allows.
    public func covers(_ needed: TokenScope) -> Bool {
        self == needed || self == .account
    }

    /// `scopes` in this order (ingest, log, read, account), each once; `account` alone when
    /// it is there (it covers the rest).
    public static func normalized(_ scopes: some Sequence<TokenScope>) -> [TokenScope] {
        let set = Set(scopes)
        return set.contains(.account) ? [.account] : allCases.filter(set.contains)
    }

    /// `ingest,log`: the scopes a comma-separated list names (spaces around a name are
    /// ignored); nil when a name is not a scope or the list names none.
    public static func list(_ text: String) -> [TokenScope]? {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let scopes = names.compactMap(TokenScope.init(rawValue:))
        guard !scopes.isEmpty, scopes.count == names.count else { return nil }
        return normalized(scopes)
    }

    /// `ingest, log, read or account`, for messages.
    public static let names = allCases.dropLast().map(\.rawValue).joined(separator: ", ") + " or " + account.rawValue
}

extension Sequence<TokenScope> {
    /// Whether one of these scopes covers `needed`.
    public func covers(_ needed: TokenScope) -> Bool {
        contains { $0.covers(needed) }
    }
}

/// The jobs `quench tokens create --for` makes the narrowest token for.
public enum TokenPurpose: String, Sendable, CaseIterable {
    /// The iOS app Health Auto Export posting to `/api/v1/health-auto-export`.
    case healthAutoExport = "health-auto-export"
    /// A Shortcut, a button or a script that logs drinks.
    case logDrinks = "log-drinks"
    /// A widget, a wall display or Home Assistant reading the day.
    case readOnly = "read-only"
    /// Everything the user can do, the dashboard and erasing the account included.
    case full

    public var scopes: [TokenScope] {
        switch self {
        case .healthAutoExport: [.ingest]
        case .logDrinks: [.log]
        case .readOnly: [.read]
        case .full: [.account]
        }
    }
}
