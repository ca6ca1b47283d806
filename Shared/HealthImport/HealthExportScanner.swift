import QuenchStrings
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Push-driven byte scanner over an `export.xml` stream: feed chunks, then `finish()`.
///
/// Keeps only the unfinished tail of the stream (at most one element plus one chunk).
/// Never interprets the DTD and never expands entities other than the predefined and numeric ones.
final class HealthExportScanner {
    private static let maxDepth = 256
    private static let attributeCount = RecordAttribute.allCases.count

    private let limits: AppleHealthLimits
    private var buf: UnsafeMutablePointer<UInt8>
    private var cap: Int
    private var count = 0
    private var pos = 0
    private var base: Int64 = 0
    private var newlinesBeforeBase = 0
    private var skipPattern: [UInt8]?
    private var sawMarkup = false
    private var stack: [ElementRole] = []
    private(set) var rootSeen = false
    private var rootClosed = false
    private let slotStart: UnsafeMutablePointer<Int>
    private let slotLength: UnsafeMutablePointer<Int>

    private let types = RecordTypeTable()
    private let units = InternedStrings(capacity: 16)
    private let sources = InternedStrings(capacity: 32)
    private let versions = InternedStrings(capacity: 32)
    private let devices = InternedStrings(capacity: 32)
    private var recordsSeen = 0
    private var delivered = [Int](repeating: 0, count: HealthRecordKind.allCases.count)
    private var correlationChildren = 0
    /// Children of `<HealthData>` other than `Record`, by element name.
    private var elements: [String: Int] = [:]
    private static let maxElementNames = 64
    private var malformed: [String: Int] = [:]
    private var exportVersion: String?
    private var locale: String?
    private var exportDate: Date?
    /// The open top-level `Workout`, completed by its `WorkoutStatistics` children.
    private var openWorkout: HealthWorkout?
    /// Workouts complete since the last ``takeWorkouts()``.
    private var completedWorkouts: [HealthWorkout] = []
    private var workoutsDelivered = 0
    private var malformedWorkouts: [String: Int] = [:]

    /// Bytes of XML fed so far.
    var streamOffset: Int64 { base + Int64(count) }

    init(limits: AppleHealthLimits) {
        self.limits = limits
        cap = 512 << 10
        buf = .allocate(capacity: cap)
        slotStart = .allocate(capacity: Self.attributeCount)
        slotLength = .allocate(capacity: Self.attributeCount)
    }

    deinit {
        buf.deallocate()
        slotStart.deallocate()
        slotLength.deallocate()
    }

    /// What was seen so far; `bytesRead` is left to the caller.
    var summary: AppleHealthSummary {
        var byKind: [HealthRecordKind: Int] = [:]
        for (i, kind) in HealthRecordKind.allCases.enumerated() where delivered[i] > 0 { byKind[kind] = delivered[i] }
        return AppleHealthSummary(
            recordsSeen: recordsSeen, recordsByKind: byKind, otherTypes: types.otherTypes,
            correlationChildrenIgnored: correlationChildren, malformedRecords: malformed,
            exportVersion: exportVersion, locale: locale, exportDate: exportDate, otherElements: elements,
            workouts: workoutsDelivered, malformedWorkouts: malformedWorkouts)
    }

    /// The workouts whose element closed since the last call (at most a chunk's worth).
    func takeWorkouts() -> [HealthWorkout] {
        defer { completedWorkouts.removeAll(keepingCapacity: true) }
        return completedWorkouts
    }

    /// Appends a chunk and delivers every complete top-level record of an imported kind in it.
    func feed(_ chunk: UnsafeRawBufferPointer, onRecord: (HealthRecord) throws -> Void) throws {
        if pos > 0 {
            newlinesBeforeBase += ByteMatch.newlines(buf, pos)
            if count > pos { memmove(buf, buf + pos, count - pos) }
            base += Int64(pos)
            count -= pos
            pos = 0
        }
        if count + chunk.count > cap {
            let newCap = max(cap * 2, count + chunk.count)
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCap)
            bigger.update(from: buf, count: count)
            buf.deallocate()
            buf = bigger
            cap = newCap
        }
        if let src = chunk.baseAddress, chunk.count > 0 {
            memcpy(buf + count, src, chunk.count)
            count += chunk.count
        }
        try process(onRecord)
    }

    /// Declares the end of the stream; throws if the document is incomplete.
    func finish() throws {
        if !rootSeen {
            throw NotAHealthExport(why: sawMarkup ? .noRootBefore(byte: streamOffset) : .noMarkup)
        }
        if let pattern = skipPattern {
            throw error(pattern == Array("]>".utf8) ? .truncatedInDTD : .truncatedInComment, at: pos)
        }
        if pos < count {
            throw error(.truncatedInMarkup(endsAt: streamOffset), at: pos)
        }
        if !rootClosed {
            throw AppleHealthImportError(.rootNotClosed, byteOffset: streamOffset, line: line(at: count))
        }
    }

    // MARK: - Scanning

    private func process(_ onRecord: (HealthRecord) throws -> Void) throws {
        let b = buf
        let n = count
        while pos < n {
            if let pattern = skipPattern {
                if let found = find(pattern, from: pos) {
                    pos = found + pattern.count
                    skipPattern = nil
                    continue
                }
                pos = max(pos, n - (pattern.count - 1))
                return
            }
            if b[pos] != 0x3C {
                if !sawMarkup { try checkProlog() }
                guard let lt = memchr(b + pos, 0x3C, n - pos) else {
                    pos = n
                    return
                }
                pos = UnsafeMutablePointer<UInt8>(lt.assumingMemoryBound(to: UInt8.self)) - b
            }
            sawMarkup = true
            let end = try markup(at: pos, onRecord)
            if end < 0 {
                if n - pos > limits.maxElementBytes { throw tooLarge() }
                return
            }
            if end - pos > limits.maxElementBytes { throw tooLarge() }
            pos = end
        }
    }

    private func checkProlog() throws {
        var i = pos
        while i < count {
            let c = buf[i]
            if c == 0x3C { return }
            guard c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || (base + Int64(i) < 3 && (c == 0xEF || c == 0xBB || c == 0xBF))
            else { throw NotAHealthExport(why: .notXML) }
            i += 1
        }
    }

    /// End index of the markup at `p`, or -1 if it is not complete in the buffer.
    private func markup(at p: Int, _ onRecord: (HealthRecord) throws -> Void) throws -> Int {
        let b = buf
        let n = count
        guard p + 1 < n else { return -1 }
        switch b[p + 1] {
        case 0x2F:
            guard let gt = index(of: 0x3E, from: p + 2) else { return -1 }
            guard !stack.isEmpty else {
                if rootClosed { return gt + 1 }
                throw error(.endTagWithoutStart, at: p)
            }
            if stack.removeLast() == .workout, stack.count == 1 { closeWorkout() }
            if stack.isEmpty { rootClosed = true }
            return gt + 1
        case 0x3F:
            guard let end = find(Array("?>".utf8), from: p + 2) else { return -1 }
            return end + 2
        case 0x21:
            guard p + 4 <= n else { return -1 }
            if b[p + 2] == 0x2D, b[p + 3] == 0x2D {
                skipPattern = Array("-->".utf8)
                return p + 4
            }
            guard p + 9 <= n else { return -1 }
            if ByteMatch.equal(b + p, 9, "<![CDATA[") {
                skipPattern = Array("]]>".utf8)
                return p + 9
            }
            if ByteMatch.equal(b + p, 9, "<!DOCTYPE") { return doctype(at: p) }
            guard let gt = index(of: 0x3E, from: p + 2) else { return -1 }
            return gt + 1
        default:
            return try startTag(at: p, onRecord)
        }
    }

    /// Skips `<!DOCTYPE …>`; an internal subset is skipped up to the `]>` that closes it, uninterpreted.
    private func doctype(at p: Int) -> Int {
        var i = p + 9
        while i < count, buf[i] != 0x5B, buf[i] != 0x3E { i += 1 }
        guard i < count else { return -1 }
        if buf[i] == 0x3E { return i + 1 }
        if count - i < 256, find(Array("]>".utf8), from: i) == nil { return -1 }
        findExportVersion(from: i)
        skipPattern = Array("]>".utf8)
        return i + 1
    }

    private func findExportVersion(from p: Int) {
        let marker = Array("Export Version:".utf8)
        let limit = min(count, p + 8192)
        guard let at = find(marker, from: p, until: limit) else { return }
        var i = at + marker.count
        while i < limit, buf[i] == 0x20 { i += 1 }
        let start = i
        while i < limit, buf[i] == 0x2E || (buf[i] &- 0x30 < 10) || ((buf[i] | 0x20) &- 0x61 < 26) { i += 1 }
        if i > start, i < limit { exportVersion = String(decoding: UnsafeBufferPointer(start: buf + start, count: i - start), as: UTF8.self) }
    }

    private func startTag(at p: Int, _ onRecord: (HealthRecord) throws -> Void) throws -> Int {
        let b = buf
        let n = count
        var i = p + 1
        while i < n {
            let c = b[i]
            if c <= 0x20 || c == 0x2F || c == 0x3E { break }
            i += 1
        }
        guard i < n else { return -1 }
        guard i > p + 1 else { throw error(.openBracketWithoutName, at: p) }
        let role = ElementRole.of(b + p + 1, i - p - 1)
        if !rootSeen {
            guard role == .healthData else {
                let name = String(decoding: UnsafeBufferPointer(start: b + p + 1, count: min(i - p - 1, 64)), as: UTF8.self)
                throw NotAHealthExport(why: .otherRoot(name))
            }
            guard let (end, selfClosing) = try attributes(from: i, tag: p) else { return -1 }
            rootSeen = true
            if let (s, l) = slot(.locale) { locale = XMLEntityDecoder.string(b + s, l) }
            if selfClosing { rootClosed = true } else { stack.append(.healthData) }
            return end
        }
        let parent = stack.last
        if parent == .healthData, role == .record {
            guard let (end, selfClosing) = try attributes(from: i, tag: p) else { return -1 }
            try record(onRecord)
            if !selfClosing { try push(.record, at: p) }
            return end
        }
        if parent == .healthData, role == .exportDate {
            guard let (end, selfClosing) = try attributes(from: i, tag: p) else { return -1 }
            countElement(b + p + 1, i - p - 1)
            if let (s, l) = slot(.value), let (epoch, _) = HealthDateParser.parse(b + s, l) {
                exportDate = Date(timeIntervalSince1970: TimeInterval(epoch))
            }
            if !selfClosing { try push(.other, at: p) }
            return end
        }
        if parent == .healthData, role == .workout {
            guard let (end, selfClosing) = try attributes(from: i, tag: p) else { return -1 }
            countElement(b + p + 1, i - p - 1)
            openWorkout = workout()
            if selfClosing { closeWorkout() } else { try push(.workout, at: p) }
            return end
        }
        if parent == .workout, role == .workoutStatistics, stack.count == 2, openWorkout != nil {
            guard let (end, selfClosing) = try attributes(from: i, tag: p) else { return -1 }
            statistics()
            if !selfClosing { try push(.other, at: p) }
            return end
        }
        guard let (end, selfClosing) = skipTag(from: i) else { return -1 }
        if rootClosed { return end }
        if parent == .healthData { countElement(b + p + 1, i - p - 1) }
        if role == .record, parent == .correlation { correlationChildren += 1 }
        if !selfClosing { try push(role == .correlation ? .correlation : .other, at: p) }
        return end
    }

    /// Counts a child of `<HealthData>` by name (past 64 distinct names, in one bucket).
    private func countElement(_ p: UnsafePointer<UInt8>, _ n: Int) {
        var name = XMLEntityDecoder.string(p, min(n, 100))
        if elements[name] == nil, elements.count >= Self.maxElementNames { name = "(other elements)" }
        elements[name, default: 0] += 1
    }

    private func push(_ role: ElementRole, at p: Int) throws {
        guard stack.count < Self.maxDepth else { throw error(.nestedTooDeep(max: Self.maxDepth), at: p) }
        stack.append(role)
    }

    /// Parses attributes into the slots; returns the end of the tag and whether it self-closes, or nil if incomplete.
    private func attributes(from start: Int, tag p: Int) throws -> (Int, Bool)? {
        let b = buf
        let n = count
        for k in 0..<Self.attributeCount { slotLength[k] = -1 }
        var i = start
        while true {
            while i < n, b[i] <= 0x20 { i += 1 }
            guard i < n else { return nil }
            let c = b[i]
            if c == 0x3E { return (i + 1, false) }
            if c == 0x2F {
                guard i + 1 < n else { return nil }
                guard b[i + 1] == 0x3E else { throw error(.slashInTag, at: i) }
                return (i + 2, true)
            }
            let nameStart = i
            while i < n {
                let d = b[i]
                if d == 0x3D || d <= 0x20 || d == 0x3E || d == 0x2F { break }
                i += 1
            }
            var nameEnd = i
            // `name="…"` is the rule; the loop is for blanks before the '=' and for iOS 8, which
            // wrote metadata keys as attributes, spaces and all (`Health Mate App
            // Version="2.6.0"`): words up to the '=' are one (ignored) name.
            if i >= n || b[i] != 0x3D {
                while true {
                    while i < n, b[i] <= 0x20 { i += 1 }
                    guard i < n else { return nil }
                    let d = b[i]
                    if nameEnd == nameStart || d == 0x3D || d == 0x3E || d == 0x2F || d == 0x22 || d == 0x27 { break }
                    while i < n {
                        let d = b[i]
                        if d == 0x3D || d <= 0x20 || d == 0x3E || d == 0x2F { break }
                        i += 1
                    }
                    nameEnd = i
                }
            }
            let nameLength = nameEnd - nameStart
            guard nameLength > 0, b[i] == 0x3D else { throw error(.attributeWithoutValue, at: nameStart) }
            i += 1
            while i < n, b[i] <= 0x20 { i += 1 }
            guard i < n else { return nil }
            let quote = b[i]
            guard quote == 0x22 || quote == 0x27 else { throw error(.attributeNotQuoted, at: i) }
            let valueStart = i + 1
            guard valueStart < n, let q = memchr(b + valueStart, Int32(quote), n - valueStart) else { return nil }
            let valueEnd = UnsafeMutablePointer<UInt8>(q.assumingMemoryBound(to: UInt8.self)) - b
            if let attribute = RecordAttribute.of(b + nameStart, nameLength) {
                slotStart[attribute.rawValue] = valueStart
                slotLength[attribute.rawValue] = valueEnd - valueStart
            }
            i = valueEnd + 1
        }
    }

    /// Finds the end of a tag without looking at its attributes (quotes respected).
    private func skipTag(from start: Int) -> (Int, Bool)? {
        let b = buf
        let n = count
        var i = start
        while i < n {
            let c = b[i]
            if c == 0x22 || c == 0x27 {
                guard i + 1 < n, let q = memchr(b + i + 1, Int32(c), n - i - 1) else { return nil }
                i = UnsafeMutablePointer<UInt8>(q.assumingMemoryBound(to: UInt8.self)) - b + 1
                continue
            }
            if c == 0x3E { return (i + 1, b[i - 1] == 0x2F) }
            i += 1
        }
        return nil
    }

    @inline(__always)
    private func slot(_ attribute: RecordAttribute) -> (Int, Int)? {
        let l = slotLength[attribute.rawValue]
        return l < 0 ? nil : (slotStart[attribute.rawValue], l)
    }

    private func record(_ onRecord: (HealthRecord) throws -> Void) throws {
        let b = buf
        recordsSeen += 1
        guard let (ts, tl) = slot(.type), tl > 0 else { return skip("missing attribute: type") }
        let typeIndex = types.index(b + ts, tl)
        guard let kind = types.kind(at: typeIndex) else {
            types.count(at: typeIndex)
            return
        }
        guard let (vs, vl) = slot(.value) else { return skip("missing attribute: value") }
        guard let (us, ul) = slot(.unit) else { return skip("missing attribute: unit") }
        guard let (ss, sl) = slot(.sourceName) else { return skip("missing attribute: sourceName") }
        guard let (ds, dl) = slot(.startDate) else { return skip("missing attribute: startDate") }
        guard let (es, el) = slot(.endDate) else { return skip("missing attribute: endDate") }
        guard let value = DecimalParser.parse(b + vs, vl), value.isFinite else { return skip("bad number: value") }
        guard let start = HealthDateParser.parse(b + ds, dl) else { return skip("bad date: startDate") }
        guard let end = HealthDateParser.parse(b + es, el) else { return skip("bad date: endDate") }
        var creation: Date?
        if let (cs, cl) = slot(.creationDate) {
            guard let c = HealthDateParser.parse(b + cs, cl) else { return skip("bad date: creationDate") }
            creation = Date(timeIntervalSince1970: TimeInterval(c.epoch))
        }
        let record = HealthRecord(
            kind: kind,
            unit: units.string(b + us, ul),
            value: value,
            sourceName: sources.string(b + ss, sl),
            sourceVersion: slot(.sourceVersion).map { versions.string(b + $0.0, $0.1) },
            device: slot(.device).map { devices.string(b + $0.0, $0.1) },
            creationDate: creation,
            startDate: Date(timeIntervalSince1970: TimeInterval(start.epoch)),
            endDate: Date(timeIntervalSince1970: TimeInterval(end.epoch)),
            utcOffsetSeconds: start.offset)
        delivered[typeIndex] += 1
        try onRecord(record)
    }

    /// The workout in the slots, or nil (counted in `malformedWorkouts`) when it lacks a
    /// type, source or instants, or a quantity is not a number.
    private func workout() -> HealthWorkout? {
        let b = buf
        func text(_ a: RecordAttribute) -> String? { slot(a).map { XMLEntityDecoder.string(b + $0.0, $0.1) } }
        func number(_ a: RecordAttribute) -> Double?? {
            guard let (s, l) = slot(a) else { return .some(nil) }
            guard let value = DecimalParser.parse(b + s, l), value.isFinite else { return nil }
            return .some(value)
        }
        func bad(_ reason: String) -> HealthWorkout? {
            malformedWorkouts[reason, default: 0] += 1
            return nil
        }
        guard let type = text(.workoutActivityType), !type.isEmpty else { return bad("missing attribute: workoutActivityType") }
        guard let (ss, sl) = slot(.sourceName) else { return bad("missing attribute: sourceName") }
        guard let (ds, dl) = slot(.startDate) else { return bad("missing attribute: startDate") }
        guard let (es, el) = slot(.endDate) else { return bad("missing attribute: endDate") }
        guard let start = HealthDateParser.parse(b + ds, dl) else { return bad("bad date: startDate") }
        guard let end = HealthDateParser.parse(b + es, el) else { return bad("bad date: endDate") }
        guard let duration = number(.duration) else { return bad("bad number: duration") }
        guard let distance = number(.totalDistance) else { return bad("bad number: totalDistance") }
        guard let energy = number(.totalEnergyBurned) else { return bad("bad number: totalEnergyBurned") }
        return HealthWorkout(
            activityType: type, duration: duration, durationUnit: text(.durationUnit),
            distance: distance, distanceUnit: distance == nil ? nil : text(.totalDistanceUnit),
            energy: energy, energyUnit: energy == nil ? nil : text(.totalEnergyBurnedUnit),
            sourceName: sources.string(b + ss, sl), device: slot(.device).map { devices.string(b + $0.0, $0.1) },
            startDate: Date(timeIntervalSince1970: TimeInterval(start.epoch)),
            endDate: Date(timeIntervalSince1970: TimeInterval(end.epoch)), utcOffsetSeconds: start.offset)
    }

    /// A `WorkoutStatistics` child: its `sum` of distance or active energy fills what the
    /// workout's own attributes left out.
    private func statistics() {
        let b = buf
        guard let (ts, tl) = slot(.type), let (vs, vl) = slot(.sum), let (us, ul) = slot(.unit),
              let value = DecimalParser.parse(b + vs, vl), value.isFinite else { return }
        let type = XMLEntityDecoder.string(b + ts, tl)
        if type.hasPrefix("HKQuantityTypeIdentifierDistance"), openWorkout?.distance == nil {
            openWorkout?.distance = value
            openWorkout?.distanceUnit = units.string(b + us, ul)
        } else if type == "HKQuantityTypeIdentifierActiveEnergyBurned", openWorkout?.energy == nil {
            openWorkout?.energy = value
            openWorkout?.energyUnit = units.string(b + us, ul)
        }
    }

    private func closeWorkout() {
        guard let workout = openWorkout else { return }
        openWorkout = nil
        workoutsDelivered += 1
        completedWorkouts.append(workout)
    }

    private func skip(_ reason: String) {
        malformed[reason, default: 0] += 1
    }

    // MARK: - Helpers

    private func index(of byte: UInt8, from start: Int) -> Int? {
        guard start < count, let q = memchr(buf + start, Int32(byte), count - start) else { return nil }
        return UnsafeMutablePointer<UInt8>(q.assumingMemoryBound(to: UInt8.self)) - buf
    }

    private func find(_ pattern: [UInt8], from start: Int, until limit: Int? = nil) -> Int? {
        let end = limit ?? count
        let first = Int32(pattern[0])
        var i = start
        while end - i >= pattern.count {
            guard let q = memchr(buf + i, first, end - i - pattern.count + 1) else { return nil }
            let at = UnsafeMutablePointer<UInt8>(q.assumingMemoryBound(to: UInt8.self)) - buf
            var k = 1
            while k < pattern.count, buf[at + k] == pattern[k] { k += 1 }
            if k == pattern.count { return at }
            i = at + 1
        }
        return nil
    }

    private func line(at index: Int) -> Int {
        newlinesBeforeBase + ByteMatch.newlines(buf, min(index, count)) + 1
    }

    private func error(_ kind: HealthExportText, at index: Int) -> AppleHealthImportError {
        AppleHealthImportError(kind, byteOffset: base + Int64(index), line: line(at: index))
    }

    private func tooLarge() -> AppleHealthImportError {
        error(.elementTooLong(max: limits.maxElementBytes), at: pos)
    }
}
