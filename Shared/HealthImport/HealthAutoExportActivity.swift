/// A workout's name as Health Auto Export writes it ("Running", "Outdoor Walk",
/// "Traditional Strength Training") as Apple Health's export names the activity
/// (`HKWorkoutActivityTypeRunning`), so workouts from both imports list and count alike.
enum HealthAutoExportActivity {
    /// Names that are not the activity type's words.
    private static let special: [String: String] = [
        "run": "Running", "walk": "Walking", "cycle": "Cycling", "swim": "Swimming", "hike": "Hiking",
        "hiit": "HighIntensityIntervalTraining", "strength training": "TraditionalStrengthTraining",
        "cross training": "CrossTraining", "mixed cardio": "MixedCardio", "stair stepper": "StairClimbing",
        "wheelchair walk pace": "WheelchairWalkPace", "wheelchair run pace": "WheelchairRunPace",
    ]
    /// Where the workout took place: not part of the activity.
    private static let places = ["outdoor ", "indoor ", "pool ", "open water "]

    static func hkName(_ name: String) -> String {
        if name.hasPrefix("HKWorkoutActivityType") { return String(name.prefix(100)) }
        var words = name.lowercased()
        for place in places where words.hasPrefix(place) {
            words.removeFirst(place.count)
            break
        }
        if let known = special[words] { return "HKWorkoutActivityType" + known }
        let camel = words.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return "HKWorkoutActivityType" + String((camel.isEmpty ? "Other" : camel).prefix(70))
    }
}
