/// Exercise names as keys: "Back  Squat " and "back squat" are one exercise.
enum ExerciseName {
    static let maxLength = 100

    /// Lower-cased, trimmed, inner whitespace folded; nil when empty or too long.
    static func key(_ raw: String) -> String? {
        let key = display(raw).lowercased()
        guard !key.isEmpty, key.count <= maxLength else { return nil }
        return key
    }

    /// Trimmed with inner whitespace folded, case kept.
    static func display(_ raw: String) -> String {
        raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
