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

/// The user's usual drinks: the (fluid, cup size) pairs logged most often by hand in the
/// recent intakes, then sensible defaults to fill the row.
public enum UsualDrinks {
    /// How many buttons the today page shows.
    public static let count = 6
    /// How many days back the usual drinks are looked for (the route reads that many days).
    public static let lookbackDays = 14
    /// Defaults, in this order, while the user's own history is short.
    public static let defaults = [
        UsualDrink(fluid: "water", volumeMl: 250), UsualDrink(fluid: "water", volumeMl: 500), UsualDrink(fluid: "coffee", volumeMl: 200),
        UsualDrink(fluid: "tea", volumeMl: 250), UsualDrink(fluid: "sparkling water", volumeMl: 330), UsualDrink(fluid: "water", volumeMl: 750),
    ]

    /// The pairs of `recent` (manual intakes only; cup sizes to the mL) by how often they were
    /// logged, ties broken by the latest; then the defaults not already in, whose fluid is in
    /// `fluids` (the catalog the user sees), up to ``count``.
    public static func pick(recent: [IntakeRecord], fluids: [Fluid]) -> [UsualDrink] {
        var tally: [UsualDrink: (count: Int, latest: Double)] = [:]
        for intake in recent where intake.source == "manual" {
            let drink = UsualDrink(fluid: intake.fluid, volumeMl: intake.volumeMl.rounded())
            let seen = tally[drink] ?? (0, -.infinity)
            tally[drink] = (seen.count + 1, max(seen.latest, intake.at.timeIntervalSince1970))
        }
        var picked = tally.sorted { left, right in
            left.value.count != right.value.count ? left.value.count > right.value.count
                : (left.value.latest != right.value.latest ? left.value.latest > right.value.latest : left.key.fluid < right.key.fluid)
        }.prefix(count).map(\.key)
        let known = Set(fluids.map(\.name))
        for drink in defaults where picked.count < count && !picked.contains(drink) && (known.isEmpty || known.contains(drink.fluid)) {
            picked.append(drink)
        }
        return picked
    }
}
