/// A challenge's trophy by name (`Challenge.trophies`: `bronze`, `silver`, `gold`,
/// `zombie_hand`), as the share card, its chat text and `quench challenges progress` show it.
public enum TrophyText: LocalizedMessage {
    case bronze
    case silver
    case gold
    case zombieHand
    /// An id outside the set (goals refuses these; an old event may carry one): shown as it is.
    case other(String)

    /// The trophy of a catalog's `reward.trophy`.
    public init(id: String) {
        switch id {
        case "bronze": self = .bronze
        case "silver": self = .silver
        case "gold": self = .gold
        case "zombie_hand": self = .zombieHand
        default: self = .other(id)
        }
    }

    public func text(_ l: Language) -> Localized {
        switch self {
        case .bronze: l.pick(en: "bronze", de: "Bronze", fr: "bronze")
        case .silver: l.pick(en: "silver", de: "Silber", fr: "argent")
        case .gold: l.pick(en: "gold", de: "Gold", fr: "or")
        case .zombieHand: l.pick(en: "zombie hand", de: "Zombiehand", fr: "main de zombie")
        case .other(let id): .verbatim(id)
        }
    }
}
