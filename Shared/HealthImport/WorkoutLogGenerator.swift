/// Writes synthetic workout logs for tests and benchmarks, deterministic for a seed.
public enum WorkoutLogGenerator {
    private static let exercises = ["Back Squat", "Bench Press", "Deadlift", "\"Squat, Front\"", "Overhead Press", "Pull-up", "Barbell Row"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let badLines = ["Feb 30 2020,Back Squat,3,5,100", "Oct 11 2020,Back Squat,3,ten,100",
                                   "Oct 11 2020,,3,5,100", "Oct 11 2020,Deadlift,0,5,100", "Oct 11 2020,Deadlift,3,5,1001.5",
                                   "Oct 11 2020,Deadlift,3,5"]

    /// Writes a header line, then `lines` data lines; when `badEvery` is set, every `badEvery`-th line is invalid.
    ///
    /// - Returns: how many good and bad data lines were written.
    @discardableResult
    public static func write(lines: Int, to path: String, seed: UInt64, badEvery: Int? = nil) throws -> (good: Int, bad: Int) {
        var rng = SplitMix64(seed: seed)
        let out = try BufferedFileWriter(path: path)
        try out.write("date,exercise,sets,reps,weight\n")
        var good = 0
        var bad = 0
        for k in 1...max(lines, 1) where lines > 0 {
            if let every = badEvery, every > 0, k % every == 0 {
                try out.write(badLines[(k / every) % badLines.count] + "\n")
                bad += 1
                continue
            }
            let exercise = exercises[rng.below(exercises.count)]
            let weight = exercise == "Pull-up" ? "0" : "\(20 + rng.below(180)).\(rng.below(2) * 5)"
            let line = "\(months[rng.below(12)]) \(1 + rng.below(28)) \(2015 + rng.below(10)),\(exercise),\(1 + rng.below(5)),\(1 + rng.below(12)),\(weight)\n"
            try out.write(line)
            good += 1
        }
        try out.flush()
        return (good, bad)
    }
}
