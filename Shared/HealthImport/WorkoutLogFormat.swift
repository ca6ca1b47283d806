public import QuenchStrings

/// The workout log formats recognised from their header line.
public enum WorkoutLogFormat: String, Sendable, Equatable, CaseIterable {
    /// `date,exercise,sets,reps,weight` (the header is optional): `Oct 11 2020,Back Squat,1,10,45`.
    case plain
    /// Strong: `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,…` (set order `W` is a warm-up).
    case strong
    /// Hevy: `"title","start_time",…,"exercise_title",…,"set_type","weight_kg","reps",…`.
    case hevy
    /// FitNotes: `Date,Exercise,Category,Weight,Weight Unit,Reps,…`.
    case fitnotes
    /// Fitbod: `Date,Exercise,Reps,Weight(kg),Duration(s),…,isWarmup,…`.
    case fitbod
    /// Another CSV whose header names a date, an exercise, reps and a weight column.
    case csv

    /// The app's name, for people.
    public var displayName: String {
        switch self {
        case .plain: "date,exercise,sets,reps,weight"
        case .strong: "Strong"
        case .hevy: "Hevy"
        case .fitnotes: "FitNotes"
        case .fitbod: "Fitbod"
        case .csv: English.text(WorkoutLogText.genericCSV)
        }
    }

    /// The name as a catalog message (the apps' names are names in every language).
    public var name: any LocalizedMessage {
        self == .csv ? WorkoutLogText.genericCSV : Localized.verbatim(displayName)
    }
}

/// Where a format keeps each field, found from the header's column names.
struct WorkoutColumns {
    enum Warmup {
        /// Strong's `Set Order`: `W` marks a warm-up.
        case setOrder
        /// Hevy's `set_type`: `warmup`.
        case setType
        /// Fitbod's `isWarmup`: `true`, `1` or `yes`.
        case flag
    }

    var format: WorkoutLogFormat
    var date: Int
    var exercise: Int
    var reps: Int
    var weight: Int
    /// The plain format's sets column; a row is one set in the others.
    var sets: Int?
    /// A `Weight Unit` column (FitNotes, newer Strong).
    var unitColumn: Int?
    /// The unit the weight column's name states (`weight_kg`, `Weight(lbs)`).
    var headerUnit: WorkoutWeightUnit?
    var warmup: (column: Int, rule: Warmup)?
    /// Columns the header has.
    var count: Int

    /// The highest column index a data row needs.
    var needed: Int {
        [date, exercise, reps, weight, sets ?? 0, unitColumn ?? 0, warmup?.column ?? 0].max()! + 1
    }

    static let plain = WorkoutColumns(format: .plain, date: 0, exercise: 1, reps: 3, weight: 4, sets: 2, count: 5)

    /// The columns of a header line (names as written), or nil when it names no known layout.
    static func detect(_ raw: [String]) -> WorkoutColumns? {
        let names = raw.map { $0.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        func index(_ candidates: String...) -> Int? {
            for candidate in candidates {
                if let k = names.firstIndex(of: candidate) { return k }
            }
            return nil
        }
        if names == ["date", "exercise", "sets", "reps", "weight"] { return plain }
        let weightNames = [
            "weight", "weight_kg", "weight_lbs", "weight (kg)", "weight (kgs)", "weight (lb)", "weight (lbs)", "weight(kg)", "weight(kgs)",
            "weight(lb)", "weight(lbs)", "weight_lb",
        ]
        guard let weight = names.firstIndex(where: weightNames.contains),
              let reps = index("reps", "repetitions"),
              let exercise = index("exercise_title", "exercise name", "exercise"),
              let date = index("date", "start_time", "workout date", "start time")
        else { return nil }
        let weightName = names[weight]
        let headerUnit: WorkoutWeightUnit? = weightName.contains("kg") ? .kg : weightName.contains("lb") ? .lb : nil
        var columns = WorkoutColumns(
            format: .csv, date: date, exercise: exercise, reps: reps, weight: weight, sets: index("sets"),
            unitColumn: index("weight unit", "weight_unit", "unit"), headerUnit: headerUnit, count: names.count)
        if let k = index("set_type"), names.contains("exercise_title") {
            columns.format = .hevy
            columns.warmup = (k, .setType)
        } else if let k = index("set order"), names[exercise] == "exercise name" {
            columns.format = .strong
            columns.warmup = (k, .setOrder)
        } else if let k = index("iswarmup") {
            columns.format = .fitbod
            columns.warmup = (k, .flag)
        } else if names.contains("category"), names[exercise] == "exercise" {
            columns.format = .fitnotes
        }
        if columns.format != .csv { columns.sets = nil }
        return columns
    }
}
