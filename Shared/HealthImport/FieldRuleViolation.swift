/// A workout log field broke its rule; the message names the field and the rule.
struct FieldRuleViolation: Error {
    var message: String
}
