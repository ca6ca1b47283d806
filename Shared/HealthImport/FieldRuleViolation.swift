/// A workout log field broke its rule; the message names the field and the rule.
struct FieldRuleViolation: Error {
    /// The field and the rule without the offending value ("reps: must be a whole number from 1 to 1000"):
    /// the same for every line that breaks it, so a report can group them.
    var rule: String
    /// The rule with the offending value.
    var message: String

    init(rule: String, got: String? = nil) {
        self.rule = rule
        message = got.map { "\(rule), got '\($0)'" } ?? rule
    }

    init(rule: String, message: String) {
        self.rule = rule
        self.message = message
    }
}
