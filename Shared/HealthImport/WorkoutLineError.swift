public import QuenchStrings

/// Why one workout log line was rejected: the rule it broke and the line's message, as catalog
/// messages (the CLI shows them in the user's language; ``message`` and ``problem`` are the English).
public struct WorkoutLineError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based physical line number in the input.
    public var lineNumber: Int
    /// The field and the rule without the line's value (``WorkoutLogText/wholeNumberRule(field:max:)``):
    /// every line breaking one rule has the same `rule`, so reports group by it.
    public var rule: WorkoutLogText
    /// The rule with what the line holds (``WorkoutLogText/got(_:value:)``).
    public var detail: WorkoutLogText

    /// Creates an error.
    public init(lineNumber: Int, rule: WorkoutLogText, detail: WorkoutLogText) {
        self.lineNumber = lineNumber
        self.rule = rule
        self.detail = detail
    }

    /// Names the field and the rule, in English, e.g. "reps: must be a whole number from 1 to 1000, got 'ten'".
    public var message: String { English.text(detail) }
    /// The rule in English, e.g. "reps: must be a whole number from 1 to 1000".
    public var problem: String { English.text(rule) }

    /// "line N: message".
    public var description: String { English.text(WorkoutLogText.atLine(lineNumber, detail)) }
}
