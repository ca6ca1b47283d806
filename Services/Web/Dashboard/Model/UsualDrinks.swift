import Foundation
public import QuenchProtocol

/// A one-tap button of the today page: a fluid and a cup size.
public struct UsualDrink: Sendable, Equatable, Hashable {
    public var fluid: String
    /// The cup size in mL.
    public var volumeMl: Double

    public init(fluid: String, volumeMl: Double) {
        self.fluid = fluid
        self.volumeMl = volumeMl
    }
}

/// The user's usual drinks (issue #39 item 15: the tiles learned any recent volume, a 10 mL
/// test or one odd 42 mL drink among them): the (fluid, cup size) pairs the user logged by
/// hand at least ``minimumCount`` times in the last ``lookbackDays`` days, each a sensible cup
/// (``cupSizes``), most often first; then cup sizes in the user's unit to fill the row.
public enum UsualDrinks {
    /// How many buttons the today page shows.
    public static let count = 6
    /// How many days back the usual drinks are looked for (the route reads that many days).
    public static let lookbackDays = 14
    /// How often a pair must have been logged in that time to be one of the usual drinks.
    public static let minimumCount = 3
    /// The cup sizes a tile may have, in mL: an espresso to a large bottle.
    public static let cupSizes: ClosedRange<Double> = 25...1500
    /// Two cups within this fraction of each other are the same size (a default is left out
    /// when the user's own drink is that size: 237 mL and 8 fl oz).
    static let sameSize = 0.05

    /// Defaults, in this order, while the user's own history is short: sizes of glasses, cups
    /// and bottles in mL…
    public static let defaults = [
        UsualDrink(fluid: "water", volumeMl: 250), UsualDrink(fluid: "water", volumeMl: 500), UsualDrink(fluid: "coffee", volumeMl: 200),
        UsualDrink(fluid: "tea", volumeMl: 250), UsualDrink(fluid: "sparkling water", volumeMl: 330), UsualDrink(fluid: "water", volumeMl: 750),
    ]

    /// … and in US fluid ounces (8 and 12 oz cups, 16.9 and 24 oz bottles), for a user who
    /// sees fl oz.
    public static let fluidOunceDefaults = [
        (fluid: "water", ounces: 8.0), ("water", 16.9), ("coffee", 8), ("tea", 8), ("sparkling water", 12), ("water", 24),
    ].map { UsualDrink(fluid: $0.fluid, volumeMl: $0.ounces * WebFormat.millilitresPerFluidOunce) }

    /// The defaults for a user who sees volumes in `units`.
    public static func defaults(for units: DisplayUnits) -> [UsualDrink] {
        units.volume == "fl-oz" ? fluidOunceDefaults : defaults
    }

    /// The pairs of `recent` (manual intakes only, of a fluid still in `fluids` when it lists
    /// any; sizes compared to the mL) logged at least ``minimumCount`` times, each within
    /// ``cupSizes``, by how often, ties broken by the latest; each at the volume last logged.
    /// Then the ``defaults(for:)`` whose fluid is in `fluids` and whose size is not already a
    /// tile of that fluid, up to ``count``.
    public static func pick(recent: [IntakeRecord], fluids: [Fluid], units: DisplayUnits = DisplayUnits()) -> [UsualDrink] {
        struct Key: Hashable {
            var fluid: String
            var millilitres: Double
        }
        let known = Set(fluids.map(\.name))
        var tally: [Key: (count: Int, latest: Date, volumeMl: Double)] = [:]
        for intake in recent where intake.source == "manual" && cupSizes.contains(intake.volumeMl) {
            guard known.isEmpty || known.contains(intake.fluid) else { continue }
            let key = Key(fluid: intake.fluid, millilitres: intake.volumeMl.rounded())
            let seen = tally[key] ?? (0, .distantPast, intake.volumeMl)
            let newest = intake.at >= seen.latest
            tally[key] = (seen.count + 1, max(seen.latest, intake.at), newest ? intake.volumeMl : seen.volumeMl)
        }
        var picked = tally.filter { $0.value.count >= minimumCount }.sorted { left, right in
            left.value.count != right.value.count ? left.value.count > right.value.count
                : left.value.latest != right.value.latest ? left.value.latest > right.value.latest
                : (left.key.fluid, left.key.millilitres) < (right.key.fluid, right.key.millilitres)
        }.prefix(count).map { UsualDrink(fluid: $0.key.fluid, volumeMl: $0.value.volumeMl) }
        for drink in defaults(for: units) where picked.count < count && (known.isEmpty || known.contains(drink.fluid)) {
            let taken = picked.contains { $0.fluid == drink.fluid && abs($0.volumeMl - drink.volumeMl) <= sameSize * drink.volumeMl }
            if !taken { picked.append(drink) }
        }
        return picked
    }
}
