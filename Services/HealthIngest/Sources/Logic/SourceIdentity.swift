import Foundation

/// Who recorded a sample, for merging sources: exports name one source differently across
/// records (`Jane’s iPhone` with a curly or a straight apostrophe, a non-breaking space,
/// trailing blanks), so sources are compared by a folded key, and ranked by a kind read
/// from the name.
///
/// The default order (docs/PROTOCOL.md, "Steps and distance from several sources"): Apple
/// Watches first, then iPhones, then every other source, each group by folded name. A
/// priority the user sets (`steps.priority.set`) puts the sources it lists first, in its
/// order; the rest follow in the default order.
enum SourceIdentity {
    /// The kinds of the default order, best first.
    enum Kind: Int, Comparable {
        case watch = 0
        case phone = 1
        case other = 2

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }

        var label: String {
            switch self {
            case .watch: "watch"
            case .phone: "phone"
            case .other: "other"
            }
        }
    }

    /// The key sources are compared by: lower-cased; `’ ‘ ʼ ´ \`` read as `'`; runs of blanks
    /// (non-breaking and other spaces included) as one space; trimmed.
    static func key(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in name.lowercased().unicodeScalars {
            if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            switch scalar {
            case "\u{2019}", "\u{2018}", "\u{02BC}", "\u{00B4}", "`": out.append("'")
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    /// The kind of a source by its name: one naming a watch is a watch, one naming an iPhone
    /// or a phone is a phone, anything else (apps, scales, rings) is other.
    static func kind(_ name: String) -> Kind {
        let key = key(name)
        if key.contains("watch") { return .watch }
        if key.contains("iphone") || key.contains("phone") { return .phone }
        return .other
    }

    /// The rank of each source key, 0 best: the user's priority first, then the default order.
    static func ranks(of names: some Sequence<String>, priority: [String]) -> [String: Int] {
        let ordered = order(names, priority: priority)
        var ranks: [String: Int] = [:]
        for (rank, key) in ordered.map(key).enumerated() where ranks[key] == nil {
            ranks[key] = rank
        }
        return ranks
    }

    /// The names (one per key, the first given) in merge order: the listed ones in the
    /// priority's order, then by kind, then by key.
    static func order(_ names: some Sequence<String>, priority: [String]) -> [String] {
        var byKey: [String: String] = [:]
        for name in names where byKey[key(name)] == nil {
            byKey[key(name)] = name
        }
        let listed = priority.map(key)
        func position(_ key: String) -> Int { listed.firstIndex(of: key) ?? listed.count }
        return byKey.sorted { a, b in
            let (pa, pb) = (position(a.key), position(b.key))
            if pa != pb { return pa < pb }
            let (ka, kb) = (kind(a.value), kind(b.value))
            if ka != kb { return ka < kb }
            return a.key < b.key
        }.map(\.value)
    }
}
