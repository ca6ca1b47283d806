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

/// `steps.priority.set`: the sources to prefer for steps, highest first (≤ 20); empty to
/// go back to the default rule (the largest per-source day total).
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
    public var sources: [String]
    /// `max-source` (default) or `priority`.
    public var rule: String

    public init(sources: [String], rule: String) {
        self.sources = sources
        self.rule = rule
    }
}
