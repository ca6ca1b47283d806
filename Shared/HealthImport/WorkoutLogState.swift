import QuenchStrings

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The streaming state of one workout log parse: line splitting, format detection from the
/// header, CSV fields (quoted fields may hold commas, `""` and, in the apps' formats, newlines),
/// and the field rules.
final class WorkoutLogState {
    static let maxFields = 64
    /// Content lines an XML file may open with before it must say it is an Apple Health export.
    private static let xmlLookahead = 20
    private let maxLineBytes: Int
    private let splitter: LineSplitter
    private let userOffset: (Int64) -> Int
    private var columns: WorkoutColumns?
    private var sawContent = false
    /// The first bytes of the input, to name a zip archive.
    private var head: [UInt8] = []
    /// Content lines seen since an XML declaration opened the file.
    private var xmlLines: Int?
    private let fieldStart: UnsafeMutablePointer<UnsafePointer<UInt8>>
    private let fieldLength: UnsafeMutablePointer<Int>
    private var fieldCount = 0
    private let unquoted: UnsafeMutablePointer<UInt8>
    /// A record whose quoted field runs on past its line: its bytes so far, first line, physical lines.
    private let carry: UnsafeMutablePointer<UInt8>
    private var carryCount = 0
    private var carryStart = 0
    private var carryLines = 0
    private(set) var lines = 0
    private(set) var bad = 0
    private(set) var skipped: [String: Int] = [:]
    var format: WorkoutLogFormat { columns?.format ?? .plain }

    init(maxLineBytes: Int, userOffset: @escaping (Int64) -> Int) {
        self.maxLineBytes = max(1, maxLineBytes)
        self.userOffset = userOffset
        splitter = LineSplitter(maxLineBytes: maxLineBytes)
        fieldStart = .allocate(capacity: Self.maxFields)
        fieldLength = .allocate(capacity: Self.maxFields)
        unquoted = .allocate(capacity: self.maxLineBytes + 1)
        carry = .allocate(capacity: self.maxLineBytes + 1)
    }

    deinit {
        fieldStart.deallocate()
        fieldLength.deallocate()
        unquoted.deallocate()
        carry.deallocate()
    }

    var counts: WorkoutLogCounts { WorkoutLogCounts(lines: lines, bad: bad, skipped: skipped, format: format) }

    func feed(_ chunk: UnsafeRawBufferPointer, _ onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        if head.count < 4 {
            head += chunk.prefix(4 - head.count)
            if ZipArchiveReader.isZip(head) {
                throw NotAWorkoutLog(.zipArchive)
            }
        }
        if memchr(base, 0, chunk.count) != nil {
            throw NotAWorkoutLog(.binaryFile)
        }
        try splitter.feed(chunk) { number, line in try handle(number, line, onLine) }
        if splitter.isOverflowing { throw tooLong(splitter.lineNumber + 1) }
    }

    func finish(_ onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws {
        try splitter.finish { number, line in try handle(number, line, onLine) }
        if xmlLines != nil { throw Self.xml }
        if carryCount > 0 {
            let start = carryStart
            carryCount = 0
            try deliver(.failure(unterminated(start)), onLine)
        }
    }

    private static let xml = NotAWorkoutLog(.xmlFile)

    private func tooLong(_ number: Int) -> NotAWorkoutLog {
        NotAWorkoutLog(.lineTooLong(limit: maxLineBytes), lineNumber: number)
    }

    private func unterminated(_ number: Int) -> WorkoutLineError {
        WorkoutLineError(lineNumber: number, rule: .unterminatedQuoteRule, detail: .unterminatedQuote)
    }

    private func handle(_ number: Int, _ line: LineSplitter.Line, _ onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws {
        guard case .bytes(var p, var n) = line else { throw tooLong(number) }
        if number == 1, n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF {
            p += 3
            n -= 3
        }
        if carryCount > 0 {
            // The record's quoted field goes on: this line joins it after the newline it held.
            guard carryCount + 1 + n <= maxLineBytes else { throw tooLong(carryStart) }
            carry[carryCount] = 0x0A
            memcpy(carry + carryCount + 1, p, n)
            carryCount += 1 + n
            carryLines += 1
            try record(carryStart, UnsafePointer(carry), carryCount, onLine)
            return
        }
        var i = 0
        while i < n, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
        if i == n || p[i] == 0x23 && columns == nil || p[i] == 0x23 && columns?.format == .plain { return }
        if let seen = xmlLines {
            if Self.contains(p, n, "HealthData") {
                throw NotAWorkoutLog(.appleHealthExport)
            }
            xmlLines = seen + 1
            if seen + 1 >= Self.xmlLookahead { throw Self.xml }
            return
        }
        if !sawContent, p[i] == 0x3C {
            if Self.contains(p, n, "HealthData") {
                throw NotAWorkoutLog(.appleHealthExport)
            }
            xmlLines = 1
            return
        }
        try record(number, p, n, onLine)
    }

    /// One record (one line, or several joined by a quoted newline) starting on line `number`.
    private func record(_ number: Int, _ p: UnsafePointer<UInt8>, _ n: Int, _ onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws {
        let first = !sawContent
        sawContent = true
        switch split(p, n) {
        case .fields:
            carryCount = 0
        case .open(let field):
            // Only the apps' formats quote newlines; the plain format's lines stand alone.
            if let columns, columns.format != .plain {
                if p != UnsafePointer(carry) {
                    guard n <= maxLineBytes else { throw tooLong(number) }
                    memcpy(carry, p, n)
                    carryCount = n
                    carryStart = number
                    carryLines = 1
                }
                return
            }
            try deliver(.failure(WorkoutLineError(lineNumber: number, rule: .unterminatedQuoteRule, detail: .unterminatedQuoteField(field))), onLine)
            return
        case .malformed(let detail, let rule):
            carryCount = 0
            try deliver(.failure(WorkoutLineError(lineNumber: number, rule: rule, detail: detail)), onLine)
            return
        }
        if first {
            if let detected = WorkoutColumns.detect(names()) {
                columns = detected
                return
            }
            if fieldCount != 5, !(0..<fieldCount).contains(where: { k in (0..<fieldLength[k]).contains { fieldStart[k][$0] &- 0x30 < 10 } }) {
                let shown = WorkoutFieldRules.shown(p, min(n, 80))
                throw NotAWorkoutLog(.unknownHeader(shown), lineNumber: number)
            }
            columns = .plain
        }
        let columns = self.columns ?? .plain
        if columns.format == .plain {
            guard fieldCount == 5 else {
                try deliver(.failure(WorkoutLineError(lineNumber: number, rule: .plainFieldCountRule, detail: .plainFieldCount(got: fieldCount))), onLine)
                return
            }
            try deliver(validatePlain(number), onLine)
            return
        }
        if columns.format == .fitnotes, fieldCount > columns.count, fieldCount <= Self.maxFields, memchr(p, 0x22, n) == nil {
            joinExercise(extra: fieldCount - columns.count, columns)
        }
        guard fieldCount >= columns.needed else {
            try deliver(.failure(WorkoutLineError(
                lineNumber: number, rule: .fewerFieldsRule, detail: .headerFieldCount(expected: columns.count, got: fieldCount))), onLine)
            return
        }
        if let result = validateApp(number, columns) {
            try deliver(result, onLine)
        }
    }

    /// FitNotes writes a name holding commas unquoted (`Overhead Press (Each Side, Dumbbells)`):
    /// a row with `extra` fields more than its header, none quoted, has them in its exercise name.
    private func joinExercise(extra: Int, _ columns: WorkoutColumns) {
        let e = columns.exercise
        let last = e + extra
        fieldLength[e] = fieldStart[last] + fieldLength[last] - fieldStart[e]
        for k in (e + 1)..<(fieldCount - extra) {
            fieldStart[k] = fieldStart[k + extra]
            fieldLength[k] = fieldLength[k + extra]
        }
        fieldCount -= extra
    }

    private func deliver(_ result: Result<WorkoutLine, WorkoutLineError>, _ onLine: (Result<WorkoutLine, WorkoutLineError>) throws -> Void) throws {
        lines += 1
        if case .failure = result { bad += 1 }
        try onLine(result)
    }

    private static func contains(_ p: UnsafePointer<UInt8>, _ n: Int, _ word: StaticString) -> Bool {
        let w = word.utf8Start
        let m = word.utf8CodeUnitCount
        guard n >= m else { return false }
        for start in 0...(n - m) where memcmp(p + start, w, m) == 0 {
            return true
        }
        return false
    }

    private func names() -> [String] {
        (0..<min(fieldCount, Self.maxFields)).map { k in
            String(decoding: UnsafeBufferPointer(start: fieldStart[k], count: min(fieldLength[k], 100)), as: UTF8.self)
        }
    }

    private enum Split {
        case fields
        case open(field: Int)
        case malformed(WorkoutLogText, rule: WorkoutLogText)
    }

    /// Splits CSV fields, trimming spaces around them. Unquoted fields point into the line;
    /// quoted ones are unescaped into `unquoted`.
    private func split(_ p: UnsafePointer<UInt8>, _ n: Int) -> Split {
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
                guard closed else { return .open(field: count + 1) }
                while i < n, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
                guard i == n || p[i] == 0x2C else {
                    return .malformed(.textAfterQuote(field: count + 1), rule: .textAfterQuoteRule)
                }
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
        fieldCount = count
        return .fields
    }

    private func failure(_ number: Int, _ violation: FieldRuleViolation) -> Result<WorkoutLine, WorkoutLineError> {
        .failure(WorkoutLineError(lineNumber: number, rule: violation.rule, detail: violation.detail))
    }

    private func validatePlain(_ number: Int) -> Result<WorkoutLine, WorkoutLineError> {
        let date: (Int, Int, Int)
        switch WorkoutFieldRules.date(fieldStart[0], fieldLength[0]) {
        case .success(let v): date = v
        case .failure(let violation): return failure(number, violation)
        }
        let exercise: String
        switch WorkoutFieldRules.exercise(fieldStart[1], fieldLength[1]) {
        case .success(let v): exercise = v
        case .failure(let violation): return failure(number, violation)
        }
        let sets: Int
        switch WorkoutFieldRules.count("sets", fieldStart[2], fieldLength[2], max: 100) {
        case .success(let v): sets = v
        case .failure(let violation): return failure(number, violation)
        }
        let reps: Int
        switch WorkoutFieldRules.count("reps", fieldStart[3], fieldLength[3], max: 1000) {
        case .success(let v): reps = v
        case .failure(let violation): return failure(number, violation)
        }
        let weight: Double
        switch WorkoutFieldRules.weight(fieldStart[4], fieldLength[4]) {
        case .success(let v): weight = v
        case .failure(let violation): return failure(number, violation)
        }
        return .success(WorkoutLine(
            lineNumber: number, year: date.0, month: date.1, day: date.2, exercise: exercise, sets: sets, reps: reps, weight: weight))
    }

    /// A row of an app's export; nil when it is not a strength set (no reps: a timed or distance set), counted in `skipped`.
    private func validateApp(_ number: Int, _ columns: WorkoutColumns) -> Result<WorkoutLine, WorkoutLineError>? {
        let (rp, rn) = (fieldStart[columns.reps], fieldLength[columns.reps])
        if rn == 0 || rn == 1 && rp[0] == 0x30 {
            skipped["no-reps", default: 0] += 1
            return nil
        }
        let date: (Int, Int, Int)
        switch WorkoutDateRules.parse(fieldStart[columns.date], fieldLength[columns.date]) {
        case .success(let parsed): date = WorkoutDateRules.userDay(parsed, userOffset: userOffset)
        case .failure(let violation): return failure(number, violation)
        }
        let exercise: String
        switch WorkoutFieldRules.exercise(fieldStart[columns.exercise], fieldLength[columns.exercise]) {
        case .success(let v): exercise = v
        case .failure(let violation): return failure(number, violation)
        }
        var sets = 1
        if let k = columns.sets, fieldLength[k] > 0 {
            switch WorkoutFieldRules.count("sets", fieldStart[k], fieldLength[k], max: 100) {
            case .success(let v): sets = v
            case .failure(let violation): return failure(number, violation)
            }
        }
        let reps: Int
        switch WorkoutFieldRules.count("reps", rp, WorkoutFieldRules.wholeLength(rp, rn), max: 1000) {
        case .success(let v): reps = v
        case .failure(let violation): return failure(number, violation)
        }
        var weight = 0.0
        let (wp, wn) = (fieldStart[columns.weight], fieldLength[columns.weight])
        if wn > 0 {
            switch WorkoutFieldRules.weight(wp, wn) {
            case .success(let v): weight = v
            case .failure(let violation): return failure(number, violation)
            }
        }
        var unit = columns.headerUnit
        if let k = columns.unitColumn, fieldLength[k] > 0 {
            guard let stated = WorkoutWeightUnit.parse(fieldStart[k], fieldLength[k]) else {
                return failure(number, FieldRuleViolation(rule: .weightUnitRule, got: WorkoutFieldRules.shown(fieldStart[k], fieldLength[k])))
            }
            unit = stated
        }
        var warmup = false
        if let (k, rule) = columns.warmup {
            let value = String(decoding: UnsafeBufferPointer(start: fieldStart[k], count: min(fieldLength[k], 20)), as: UTF8.self).lowercased()
            switch rule {
            case .setOrder: warmup = value == "w"
            case .setType: warmup = value == "warmup" || value == "warm-up" || value == "warm_up"
            case .flag: warmup = value == "true" || value == "1" || value == "yes"
            }
        }
        return .success(WorkoutLine(
            lineNumber: number, year: date.0, month: date.1, day: date.2, exercise: exercise, sets: sets, reps: reps, weight: weight,
            unit: unit, warmup: warmup))
    }
}
