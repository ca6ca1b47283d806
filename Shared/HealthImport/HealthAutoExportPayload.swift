public import QuenchStrings

/// What a Health Auto Export payload holds for Quench: its points of the four kinds
/// imported (values in a unit health-ingest accepts), its workouts, and an account of the rest.
public struct HealthAutoExportPayload: Sendable {
    /// Steps, distance, body mass and water points, in payload order. A point's start and end
    /// are its `start`/`end` when the export gives both, else its `date`; its offset is the
    /// one written there (its day is the calendar day written).
    public var records: [HealthRecord]
    /// The workouts (version 1 or 2): activity type as Apple Health names it, duration in
    /// seconds, distance and energy with their units.
    public var workouts: [HealthWorkout]
    public var summary: HealthAutoExportSummary
}

/// Everything a payload held, accounted for: what was read, what Quench does not import,
/// and each point that broke a rule.
public struct HealthAutoExportSummary: Sendable, Equatable, Codable {
    /// Bytes of the payload.
    public var bytes: Int
    /// Entries of `data.metrics`.
    public var metrics: Int
    /// Points of every metric, imported kind or not.
    public var points: Int
    /// Entries of `data.workouts`.
    public var workouts: Int
    /// Good points by Quench kind (`steps`, `distance`, `body-mass`, `dietary-water`, `workout`).
    public var byKind: [String: Int]
    /// Points of metrics Quench does not import, by metric name (`heart_rate`: 1440); not
    /// stored, reported.
    public var otherMetrics: [String: Int]
    /// Items of other sections of `data` (`stateOfMind`, `medications`, …), by section.
    public var otherSections: [String: Int]
    /// Points and workouts that broke a rule (not imported).
    public var bad: Int
    /// The bad ones grouped by field and rule, the first ``HealthAutoExportParser/maxProblems``.
    public var problems: [HealthAutoExportProblem]

    public init() {
        bytes = 0
        metrics = 0
        points = 0
        workouts = 0
        byKind = [:]
        otherMetrics = [:]
        otherSections = [:]
        bad = 0
        problems = []
    }
}

/// Points that broke one rule: the field, the rule, how many, and where the first ones are.
public struct HealthAutoExportProblem: Sendable, Equatable, Codable {
    /// The field named by its path in the payload, with the point's index as `*`
    /// (`data.metrics[step_count].data[*].qty`).
    public var field: String
    /// The rule in English (the HTTP endpoint's and `--json`'s text).
    public var rule: String
    public var count: Int
    /// The first few: the point's index and the value found, in English.
    public var examples: [String]
    /// The rule and the examples as catalog messages, for a reader in-process (not encoded:
    /// nil in a decoded problem).
    public var ruleText: AutoExportRuleText? = nil
    public var exampleTexts: [AutoExportRuleText]? = nil

    enum CodingKeys: String, CodingKey {
        case field, rule, count, examples
    }
}
