/// One message's forms by plural category; the category a count needs comes from
/// ``PluralCategory/of(_:in:)``. `other` is required; a missing `one`/`many` falls back to it.
public struct Plural: Sendable {
    public var one: Localized?
    public var many: Localized?
    public var other: Localized

    public init(one: Localized? = nil, many: Localized? = nil, other: Localized) {
        self.one = one
        self.many = many
        self.other = other
    }

    public func form(_ category: PluralCategory) -> Localized {
        switch category {
        case .one: one ?? other
        case .many: many ?? other
        default: other
        }
    }
}
