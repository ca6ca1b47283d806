/// A set of measurements (any unit) with order statistics.
struct Samples: Sendable {
    private(set) var values: [Double]

    init(_ values: [Double] = []) {
        self.values = values
    }

    mutating func append(_ value: Double) {
        values.append(value)
    }

    mutating func append(contentsOf other: Samples) {
        values.append(contentsOf: other.values)
    }

    var count: Int { values.count }

    /// Nearest-rank percentile, `p` in 0…100.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }

    var median: Double { percentile(50) }
    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }

    /// "min–max" of the values, formatted with `format`.
    func spread(_ format: (Double) -> String) -> String {
        "\(format(min))–\(format(max))"
    }
}
