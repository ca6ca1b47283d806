/// A fluid's name as people read it: the seeded catalog's fluids (intake's `seedCatalog`) in
/// the reader's language, a fluid a user or operator named as it was named. The name on the
/// wire and in storage stays the catalog's (`coffee`); only the edges translate, and read a
/// translated name back (``canonical(_:)``), so `quench log 250 --fluid Kaffee` logs coffee.
public enum FluidText: LocalizedMessage, CaseIterable {
    case water, sparklingWater, tea, coffee, milk, juice, soda, sportsDrink, beer
    /// A name outside the seeded catalog: shown as it is.
    case other(String)

    public static let allCases: [FluidText] = [.water, .sparklingWater, .tea, .coffee, .milk, .juice, .soda, .sportsDrink, .beer]

    /// The catalog's name of each seeded fluid.
    public var catalogName: String {
        switch self {
        case .water: "water"
        case .sparklingWater: "sparkling water"
        case .tea: "tea"
        case .coffee: "coffee"
        case .milk: "milk"
        case .juice: "juice"
        case .soda: "soda"
        case .sportsDrink: "sports drink"
        case .beer: "beer"
        case .other(let name): name
        }
    }

    /// The fluid of a stored or sent name (`coffee`, any case and spacing).
    public init(name: String) {
        let folded = FluidText.fold(name)
        self = FluidText.allCases.first { $0.catalogName == folded } ?? .other(name)
    }

    public func text(_ l: Language) -> Localized {
        switch self {
        case .water: l.pick(en: "water", de: "Wasser", fr: "eau")
        case .sparklingWater: l.pick(en: "sparkling water", de: "Sprudelwasser", fr: "eau gazeuse")
        case .tea: l.pick(en: "tea", de: "Tee", fr: "thé")
        case .coffee: l.pick(en: "coffee", de: "Kaffee", fr: "café")
        case .milk: l.pick(en: "milk", de: "Milch", fr: "lait")
        case .juice: l.pick(en: "juice", de: "Saft", fr: "jus")
        case .soda: l.pick(en: "soda", de: "Limonade", fr: "soda")
        case .sportsDrink: l.pick(en: "sports drink", de: "Sportgetränk", fr: "boisson sportive")
        case .beer: l.pick(en: "beer", de: "Bier", fr: "bière")
        case .other(let name): .verbatim(name)
        }
    }

    /// The catalog's name for what someone typed: a seeded fluid's name in any of the
    /// languages (`Kaffee`, `café`, `Coffee`) gives its catalog name; anything else is
    /// returned as typed (a fluid of the user's own).
    public static func canonical(_ typed: String) -> String {
        let folded = fold(typed)
        for fluid in allCases {
            if fluid.catalogName == folded { return fluid.catalogName }
            for language in Language.translations where fold(Localizer(language)(fluid)) == folded {
                return fluid.catalogName
            }
        }
        return typed
    }

    /// Lower-cased, trimmed, inner whitespace folded, as intake compares names.
    static func fold(_ name: String) -> String {
        name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
