import QuenchStrings

/// A workout log field broke its rule: the field and the rule, and the line's message with its value.
struct FieldRuleViolation: Error {
    /// The field and the rule without the offending value: the same for every line that breaks it,
    /// so a report can group them.
    var rule: WorkoutLogText
    /// The rule with the offending value.
    var detail: WorkoutLogText

    init(rule: WorkoutLogText, got: String) {
        self.rule = rule
        detail = .got(rule, value: got)
    }

    init(rule: WorkoutLogText, detail: WorkoutLogText) {
        self.rule = rule
        self.detail = detail
    }
}
