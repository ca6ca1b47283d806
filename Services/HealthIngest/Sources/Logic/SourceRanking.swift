/// The merge ranks of a day's source names under one priority, worked out once per set of
/// names: folding a name (``SourceIdentity/key(_:)``) costs more than merging a small day, and
/// the days of an import or of a query name the same few sources again and again.
struct SourceRanking {
    /// A set of names ranked: how many distinct sources they are (names folded), each name's
    /// rank (0 best), and the rank of a name not among them.
    typealias Ranks = (sources: Int, byName: [String: Int], unranked: Int)

    let priority: [String]
    private var known: [[String]: Ranks] = [:]
    private static let maxKnown = 64
    /// The last set of names asked for: a run of days names the same sources, and comparing
    /// names that share their storage is cheaper than hashing them all.
    private var last: (names: [String], ranks: Ranks)?

    init(priority: [String]) {
        self.priority = priority
    }

    /// The ranks of `names` (the stored names of one day's sums).
    mutating func ranks(of names: [String]) -> Ranks {
        if let last, last.names == names { return last.ranks }
        let found = known[names] ?? rank(names)
        last = (names, found)
        return found
    }

    private mutating func rank(_ names: [String]) -> Ranks {
        let keys = names.map(SourceIdentity.key)
        let ranks = SourceIdentity.ranks(of: names, priority: priority)
        var byName: [String: Int] = [:]
        for (name, key) in zip(names, keys) {
            byName[name] = ranks[key] ?? ranks.count
        }
        let result: Ranks = (Set(keys).count, byName, ranks.count)
        if known.count < Self.maxKnown { known[names] = result }
        return result
    }
}
