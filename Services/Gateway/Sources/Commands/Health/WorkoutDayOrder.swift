import HealthImport
import QuenchProtocol
import QuenchStrings

/// The good lines of a workout log handed on in day order, at most ``maxHeld`` held at once.
///
/// Logs list their days in any order (newest first, by exercise, merged from several apps);
/// health-ingest and analytics keep a user's strength sets in B-trees ordered by day, so sets
/// sent in the file's order land on a different page each once the trees outgrow the page
/// cache (a 1,000,000-line log in random day order: ≈ 18 µs a set, most of it reading and
/// writing pages). Sent day by day, each batch fills a few neighbouring pages.
///
/// The first pass (``count(day:)``) counts the good lines of each day; ``passes()`` cuts the
/// days into ranges of at most ``maxHeld`` sets, and ``read(_:path:parser:)`` reads the
/// file once per range, keeping that range's sets (24 bytes each) and ordering them by day with
/// a counting sort. Within a day the file's order stays, so identical lines keep the same
/// `occurrence` numbers whatever the order of the days.
struct WorkoutDayOrder {
    /// Sets held in memory at once (≈ 24 MB at 1,000,000); a larger log is read once more per
    /// further million.
    var maxHeld = 1_000_000

    /// Good lines per day (``LocalDay/ordinal``), from the first pass.
    private(set) var perDay: [Int32: Int] = [:]

    /// One set as held between reading and sending.
    struct HeldSet {
        var day: Int32
        var exercise: Int32
        var weight: Double
        var reps: Int16
        var sets: Int16
        /// The file's unit: 0 none, 1 kg, 2 lb.
        var unit: UInt8
        var warmup: Bool

        var fileUnit: WorkoutWeightUnit? { unit == 0 ? nil : unit == 1 ? .kg : .lb }
    }

    /// Counts one good line of the first pass.
    mutating func count(_ line: WorkoutLine) {
        perDay[Self.ordinal(line), default: 0] += 1
    }

    /// Ranges of days, in order, each holding at most ``maxHeld`` sets (a day with more is a range alone).
    func passes() -> [ClosedRange<Int32>] {
        var ranges: [ClosedRange<Int32>] = []
        var first: Int32?, last: Int32 = 0, held = 0
        for day in perDay.keys.sorted() {
            let n = perDay[day] ?? 0
            if let start = first, held + n > maxHeld {
                ranges.append(start...last)
                first = nil
                held = 0
            }
            if first == nil { first = day }
            last = day
            held += n
        }
        if let start = first { ranges.append(start...last) }
        return ranges
    }

    /// The sets of one pass, in day order (the file's order within a day).
    struct Pass {
        var sets: [HeldSet]
        /// Exercise names as written, by ``HeldSet/exercise``.
        var names: [String]
        var counts: WorkoutLogCounts

        /// The set at `index` as a line of `date` (its day).
        func line(_ index: Int, on date: LocalDay) -> WorkoutLine {
            let set = sets[index]
            return WorkoutLine(
                lineNumber: 0, year: date.year, month: date.month, day: date.day, exercise: names[Int(set.exercise)],
                sets: Int(set.sets), reps: Int(set.reps), weight: set.weight, unit: set.fileUnit, warmup: set.warmup)
        }

        /// The end of the day that starts at `index` (the index of the next day's first set).
        func endOfDay(from index: Int) -> Int {
            var end = index
            while end < sets.count, sets[end].day == sets[index].day { end += 1 }
            return end
        }
    }

    /// Reads the file's good lines of the days in `range`, in day order. Fails when the range
    /// holds far more sets than the first pass counted (the file grew between the passes),
    /// rather than hold it all.
    func read(_ range: ClosedRange<Int32>, path: String, parser: WorkoutLogParser) throws -> Pass {
        var names: [String] = []
        var nameIndex: [String: Int32] = [:]
        var held: [HeldSet] = []
        let limit = 2 * max(maxHeld, perDay.filter { range.contains($0.key) }.values.reduce(0, +))
        let counts = try parser.parse(path: path) { result in
            guard case .success(let line) = result else { return }
            let day = Self.ordinal(line)
            guard range.contains(day) else { return }
            guard held.count < limit else { throw FileChanged() }
            let exercise: Int32
            if let known = nameIndex[line.exercise] {
                exercise = known
            } else {
                exercise = Int32(names.count)
                nameIndex[line.exercise] = exercise
                names.append(line.exercise)
            }
            held.append(HeldSet(
                day: day, exercise: exercise, weight: line.weight, reps: Int16(line.reps), sets: Int16(line.sets),
                unit: line.unit == nil ? 0 : line.unit == .kg ? 1 : 2, warmup: line.warmup))
        }
        return Pass(sets: Self.byDay(held), names: names, counts: counts)
    }

    /// `held` ordered by day, stable (a counting sort over the days present).
    static func byDay(_ held: [HeldSet]) -> [HeldSet] {
        var counts: [Int32: Int] = [:]
        for set in held { counts[set.day, default: 0] += 1 }
        var next: [Int32: Int] = [:]
        var offset = 0
        for day in counts.keys.sorted() {
            next[day] = offset
            offset += counts[day] ?? 0
        }
        guard var first = held.first else { return [] }
        first.day = Int32.min
        var sorted = [HeldSet](repeating: first, count: held.count)
        for set in held {
            let at = next[set.day] ?? 0
            sorted[at] = set
            next[set.day] = at + 1
        }
        return sorted
    }

    static func ordinal(_ line: WorkoutLine) -> Int32 {
        Int32(LocalDay.ordinal(year: line.year, month: line.month, day: line.day))
    }

    /// The file held more good lines on the second reading than on the first.
    struct FileChanged: Error, CustomStringConvertible {
        var description: String { tr(ImportText.fileChanged) }
    }
}
