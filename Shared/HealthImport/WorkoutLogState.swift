/// The streaming state of one workout log parse: line splitting, header detection, CSV fields, rules.
final class WorkoutLogState {
    private static let maxFields = 5
    private let maxLineBytes: Int
    private let splitter: LineSplitter
    private var sawContent = false
    private let fieldStart: UnsafeMutablePointer<UnsafePointer<UInt8>>
    private let fieldLength: UnsafeMutablePointer<Int>
    private let unquoted: UnsafeMutablePointer<UInt8>
    private(set) var lines = 0
    private(set) var bad = 0

    init(maxLineBytes: Int) {
        self.maxLineBytes = max(1, maxLineBytes)
        splitter = LineSplitter(maxLineBytes: maxLineBytes)
        fieldStart = .allocate(capacity: Self.maxFields)
        fieldLength = .allocate(capacity: Self.maxFields)
        unquoted = .allocate(capacity: self.maxLineBytes + 1)
    }

    deinit {
        fieldStart.deallocate()
        fieldLength.deallocate()
        unquoted.deallocate()
    }

    func feed(_ chunk: UnsafeRawBufferPointer, _ onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws {
        try splitter.feed(chunk) { number, line in try handle(number, line, onLine) }
    }

    func finish(_ onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws {
        try splitter.finish { number, line in try handle(number, line, onLine) }
    }

    private func handle(_ number: Int, _ line: LineSplitter.Line, _ onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws {
        switch line {
        case .tooLong:
            sawContent = true
            try deliver(.failure(WorkoutLineError(lineNumber: number, message: "line: longer than \(maxLineBytes) bytes")), onLine)
        case .bytes(var p, var n):
            if number == 1, n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF {
                p += 3
                n -= 3
            }
            var i = 0
            while i < n, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
            if i == n || p[i] == 0x23 { return }
            let first = !sawContent
            sawContent = true
            if let message = split(p, n) {
                try deliver(.failure(WorkoutLineError(lineNumber: number, message: message)), onLine)
                return
            }
            if first, isHeader() { return }
            try deliver(validate(number), onLine)
        }
    }

    private func deliver(_ result: Result<WorkoutLine, WorkoutLineError>, _ onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws {
        lines += 1
        if case .failure = result { bad += 1 }
        try onLine(result)
    }

    /// Splits CSV fields, trimming spaces around them; returns an error message if malformed.
    /// Unquoted fields point into the line; quoted ones are unescaped into `unquoted`.
    private func split(_ p: UnsafePointer<UInt8>, _ n: Int) -> String? {
        var count = 0
        var w = 0
        var i = 0
        while true {
            while i < n, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
            var start = p + i
            var length = 0
            if i < n, p[i] == 0x22 {
                i += 1
                let s = w
                var closed = false
                while i < n {
                    if p[i] == 0x22 {
                        if i + 1 < n, p[i + 1] == 0x22 {
                            unquoted[w] = 0x22
                            w += 1
                            i += 2
                            continue
                        }
                        closed = true
                        i += 1
                        break
                    }
                    unquoted[w] = p[i]
                    w += 1
                    i += 1
                }
                guard closed else { return "line: unterminated quoted field \(count + 1)" }
                while i < n, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
                guard i == n || p[i] == 0x2C else { return "line: unexpected text after quoted field \(count + 1)" }
                start = UnsafePointer(unquoted + s)
                length = w - s
            } else {
                let s = i
                while i < n, p[i] != 0x2C { i += 1 }
                var end = i
                while end > s, p[end - 1] == 0x20 || p[end - 1] == 0x09 { end -= 1 }
                length = end - s
            }
            if count < Self.maxFields {
                fieldStart[count] = start
                fieldLength[count] = length
            }
            count += 1
            if i >= n { break }
            i += 1
        }
        guard count == Self.maxFields else {
            return "line: expected 5 comma-separated fields (date,exercise,sets,reps,weight), got \(count)"
        }
        return nil
    }

    private func isHeader() -> Bool {
        let names = ["date", "exercise", "sets", "reps", "weight"]
        return names.enumerated().allSatisfy { k, name in
            fieldLength[k] == name.utf8.count
                && zip(UnsafeBufferPointer(start: fieldStart[k], count: fieldLength[k]), name.utf8).allSatisfy { $0 | 0x20 == $1 }
        }
    }

    private func validate(_ number: Int) -> Result<WorkoutLine, WorkoutLineError> {
        do {
            func field(_ k: Int) -> (UnsafePointer<UInt8>, Int) { (fieldStart[k], fieldLength[k]) }
            func fail(_ message: String) -> Result<WorkoutLine, WorkoutLineError> {
                .failure(WorkoutLineError(lineNumber: number, message: message))
            }
            let (dp, dn) = field(0)
            let (ep, en) = field(1)
            let (sp, sn) = field(2)
            let (rp, rn) = field(3)
            let (wp, wn) = field(4)
            let date: (Int, Int, Int)
            switch WorkoutFieldRules.date(dp, dn) {
            case .success(let v): date = v
            case .failure(let violation): return fail(violation.message)
            }
            let exercise: String
            switch WorkoutFieldRules.exercise(ep, en) {
            case .success(let v): exercise = v
            case .failure(let violation): return fail(violation.message)
            }
            let sets: Int
            switch WorkoutFieldRules.count("sets", sp, sn, max: 100) {
            case .success(let v): sets = v
            case .failure(let violation): return fail(violation.message)
            }
            let reps: Int
            switch WorkoutFieldRules.count("reps", rp, rn, max: 1000) {
            case .success(let v): reps = v
            case .failure(let violation): return fail(violation.message)
            }
            let weight: Double
            switch WorkoutFieldRules.weight(wp, wn) {
            case .success(let v): weight = v
            case .failure(let violation): return fail(violation.message)
            }
            return .success(WorkoutLine(
                lineNumber: number, year: date.0, month: date.1, day: date.2,
                exercise: exercise, sets: sets, reps: reps, weight: weight))
        }
    }
}
