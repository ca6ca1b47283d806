public import Foundation

/// `weight.add`: one body-mass sample (needs the `body-mass` consent).
public struct AddWeightRequest: Codable, Sendable, Equatable {
    /// 0 < weight ≤ 500 kg.
    public var value: Double
    /// `kg` or `lb`.
    public var unit: String
    /// When it was measured; default now; not more than 5 minutes ahead, not before 2000.
    public var at: Date?
    /// Default `quench`.
    public var source: String?

    public init(value: Double, unit: String, at: Date? = nil, source: String? = nil) {
        self.value = value
        self.unit = unit
        self.at = at
        self.source = source
    }
}

/// `weight.latest`: the newest weight by measurement time (`not_found` when there is none).
public struct LatestWeightRequest: Codable, Sendable, Equatable {
    public init() {}
}

public struct WeightReply: Codable, Sendable, Equatable {
    public var weightKg: Double
    /// When it was measured.
    public var at: Date
    public var sampleId: String
    public var value: Double
    public var unit: String
    public var source: String
    /// `weight.add` only: the same weight at the same instant was stored already.
    public var duplicate: Bool?

    public init(weightKg: Double, at: Date, sampleId: String, value: Double, unit: String, source: String, duplicate: Bool? = nil) {
        self.weightKg = weightKg
        self.at = at
        self.sampleId = sampleId
        self.value = value
        self.unit = unit
        self.source = source
        self.duplicate = duplicate
    }
}

/// `steps.priority.set`: the sources to prefer for steps and distance, highest first (≤ 20);
/// empty to go back to the default order (Apple Watches, then iPhones, then the others by
/// name). Names are matched as health-ingest folds them (case, apostrophes, blanks).
public struct StepsPriorityRequest: Codable, Sendable, Equatable {
    public var sources: [String]

    public init(sources: [String]) {
        self.sources = sources
    }

    public static let maxSources = 20
}

/// `steps.priority.get`.
public struct StepsPriorityGetRequest: Codable, Sendable, Equatable {
    public init() {}
}

public struct StepsPriorityReply: Codable, Sendable, Equatable {
    /// The sources the user set, highest first (empty: the default order alone).
    public var sources: [String]
    /// `merge`: the day's samples merged in time by the order of `seen`. (Replies before the
    /// merge said `max-source` or `priority`.)
    public var rule: String
    /// Every source of the user's steps and distance, in merge order (best first).
    public var seen: [SeenSource]?

    public init(sources: [String], rule: String, seen: [SeenSource]? = nil) {
        self.sources = sources
        self.rule = rule
        self.seen = seen
    }
}

/// One source of steps or distance as the merge ranks it.
public struct SeenSource: Codable, Sendable, Equatable {
    public var name: String
    /// `watch`, `phone` or `other`: the default order's groups, read from the name.
    public var kind: String
    /// Its steps and distance samples.
    public var samples: Int
    /// Whether the user's priority lists it.
    public var listed: Bool

    public init(name: String, kind: String, samples: Int, listed: Bool) {
        self.name = name
        self.kind = kind
        self.samples = samples
        self.listed = listed
    }
}
