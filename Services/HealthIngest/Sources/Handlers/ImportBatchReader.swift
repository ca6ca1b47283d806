import Foundation
import MessagePack
import QuenchProtocol

/// A reader over exactly the forms an `ImportBatchRequest` is encoded with; nil for anything else.
struct ImportBatchReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// Short strings read so far, packed like keys (``Key/pack(_:)``): a batch repeats a few
    /// types and units in every sample, each then read without validating it again.
    private var recent: [(packed: UInt128, text: String)] = []
    private static let recentLimit = 8

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func request() -> ImportBatchRequest? {
        guard let fields = mapCount() else { return nil }
        var jobId: String?
        var sources: [SampleSource]??
        var samples: [SampleInput]?
        for _ in 0..<fields {
            guard let key = keyBytes() else { return nil }
            switch key {
            case Key.jobId:
                guard jobId == nil, let value = string() else { return nil }
                jobId = value
            case Key.sources:
                guard sources == nil else { return nil }
                if skipNil() {
                    sources = .some(nil)
                } else {
                    guard let list = sourceList() else { return nil }
                    sources = list
                }
            case Key.samples:
                guard samples == nil, let list = sampleList() else { return nil }
                samples = list
            default:
                return nil
            }
        }
        guard position == bytes.count, let jobId, let samples else { return nil }
        return ImportBatchRequest(jobId: jobId, sources: sources ?? nil, samples: samples)
    }

    private mutating func sourceList() -> [SampleSource]? {
        guard let count = arrayCount() else { return nil }
        var list: [SampleSource] = []
        list.reserveCapacity(count)
        for _ in 0..<count {
            guard let fields = mapCount() else { return nil }
            var name: String?
            var device: String??
            for _ in 0..<fields {
                guard let key = keyBytes() else { return nil }
                switch key {
                case Key.name:
                    guard name == nil, let value = string() else { return nil }
                    name = value
                case Key.device:
                    guard device == nil, let value = optionalString() else { return nil }
                    device = value
                default:
                    return nil
                }
            }
            guard let name else { return nil }
            list.append(SampleSource(name: name, device: device ?? nil))
        }
        return list
    }

    private mutating func sampleList() -> [SampleInput]? {
        guard let count = arrayCount() else { return nil }
        var list: [SampleInput] = []
        list.reserveCapacity(count)
        for _ in 0..<count {
            guard let sample = sample() else { return nil }
            list.append(sample)
        }
        return list
    }

    private mutating func sample() -> SampleInput? {
        guard let fields = mapCount() else { return nil }
        var type: String?, value: Double?, unit: String?
        var start: Date??, end: Date??, source: String??, sourceIndex: Int??, device: String??
        var day: String??, exercise: String??, sets: Int??, reps: Int??, occurrence: Int??, utcOffset: Int??
        var activity: String??, distance: Double??, distanceUnit: String??, energy: Double??, energyUnit: String??
        var warmup: Bool??
        for _ in 0..<fields {
            guard let key = keyBytes() else { return nil }
            switch key {
            case Key.type:
                guard type == nil, let text = string() else { return nil }
                type = text
            case Key.value:
                guard value == nil, let number = double() else { return nil }
                value = number
            case Key.unit:
                guard unit == nil, let text = string() else { return nil }
                unit = text
            case Key.start:
                guard start == nil, let instant = optionalDate() else { return nil }
                start = instant
            case Key.end:
                guard end == nil, let instant = optionalDate() else { return nil }
                end = instant
            case Key.sourceIndex:
                guard sourceIndex == nil, let index = optionalInteger() else { return nil }
                sourceIndex = index
            case Key.source:
                guard source == nil, let text = optionalString() else { return nil }
                source = text
            case Key.device:
                guard device == nil, let text = optionalString() else { return nil }
                device = text
            case Key.day:
                guard day == nil, let text = optionalString() else { return nil }
                day = text
            case Key.exercise:
                guard exercise == nil, let text = optionalString() else { return nil }
                exercise = text
            case Key.sets:
                guard sets == nil, let number = optionalInteger() else { return nil }
                sets = number
            case Key.reps:
                guard reps == nil, let number = optionalInteger() else { return nil }
                reps = number
            case Key.occurrence:
                guard occurrence == nil, let number = optionalInteger() else { return nil }
                occurrence = number
            case Key.utcOffset:
                guard utcOffset == nil, let number = optionalInteger() else { return nil }
                utcOffset = number
            case Key.activity:
                guard activity == nil, let text = optionalString() else { return nil }
                activity = text
            case Key.distance:
                guard distance == nil, let number = optionalDouble() else { return nil }
                distance = number
            case Key.distanceUnit:
                guard distanceUnit == nil, let text = optionalString() else { return nil }
                distanceUnit = text
            case Key.energy:
                guard energy == nil, let number = optionalDouble() else { return nil }
                energy = number
            case Key.energyUnit:
                guard energyUnit == nil, let text = optionalString() else { return nil }
                energyUnit = text
            case Key.warmup:
                guard warmup == nil, let flag = optionalBool() else { return nil }
                warmup = flag
            default:
                return nil
            }
        }
        guard let type, let value, let unit else { return nil }
        return SampleInput(
            type: type, value: value, unit: unit, start: start ?? nil, end: end ?? nil, source: source ?? nil,
            sourceIndex: sourceIndex ?? nil, device: device ?? nil, day: day ?? nil, exercise: exercise ?? nil,
            sets: sets ?? nil, reps: reps ?? nil, occurrence: occurrence ?? nil, utcOffset: utcOffset ?? nil,
            activity: activity ?? nil, distance: distance ?? nil, distanceUnit: distanceUnit ?? nil, energy: energy ?? nil,
            energyUnit: energyUnit ?? nil, warmup: warmup ?? nil)
    }

    // MARK: Keys

    /// Keys as their UTF-8 bytes packed into an integer (all are at most 11 bytes, under 16).
    private enum Key {
        static let jobId = pack("jobId"), sources = pack("sources"), samples = pack("samples")
        static let name = pack("name"), device = pack("device")
        static let type = pack("type"), value = pack("value"), unit = pack("unit"), start = pack("start")
        static let end = pack("end"), sourceIndex = pack("sourceIndex"), source = pack("source"), day = pack("day")
        static let exercise = pack("exercise"), sets = pack("sets"), reps = pack("reps"), occurrence = pack("occurrence")
        static let utcOffset = pack("utcOffset")
        static let activity = pack("activity"), distance = pack("distance"), distanceUnit = pack("distanceUnit")
        static let energy = pack("energy"), energyUnit = pack("energyUnit"), warmup = pack("warmup")

        static func pack(_ text: StaticString) -> UInt128 {
            var key: UInt128 = UInt128(text.utf8CodeUnitCount)
            for index in 0..<text.utf8CodeUnitCount {
                key |= UInt128(text.utf8Start[index]) << (8 * (index + 1))
            }
            return key
        }
    }

    /// A fixstr key of at most 15 bytes, packed like ``Key/pack(_:)``.
    private mutating func keyBytes() -> UInt128? {
        guard position < bytes.count else { return nil }
        let header = bytes[position]
        guard header & 0xE0 == 0xA0 else { return nil }
        let count = Int(header & 0x1F)
        guard count < 16, position + 1 + count <= bytes.count else { return nil }
        var key = UInt128(count)
        for index in 0..<count {
            key |= UInt128(bytes[position + 1 + index]) << (8 * (index + 1))
        }
        position += 1 + count
        return key
    }

    // MARK: Values

    private mutating func mapCount() -> Int? {
        guard position < bytes.count else { return nil }
        let header = bytes[position]
        if header & 0xF0 == 0x80 {
            position += 1
            return Int(header & 0x0F)
        }
        if header == 0xDE, let count = bigEndian(UInt16.self, at: position + 1) {
            position += 3
            return Int(count)
        }
        return nil
    }

    private mutating func arrayCount() -> Int? {
        guard position < bytes.count else { return nil }
        let header = bytes[position]
        if header & 0xF0 == 0x90 {
            position += 1
            return Int(header & 0x0F)
        }
        if header == 0xDC, let count = bigEndian(UInt16.self, at: position + 1) {
            position += 3
            return Int(count)
        }
        if header == 0xDD, let count = bigEndian(UInt32.self, at: position + 1) {
            position += 5
            return Int(count)
        }
        return nil
    }

    private mutating func skipNil() -> Bool {
        guard position < bytes.count, bytes[position] == 0xC0 else { return false }
        position += 1
        return true
    }

    private mutating func string() -> String? {
        guard position < bytes.count else { return nil }
        let header = bytes[position]
        let count: Int
        let start: Int
        switch header {
        case 0xA0...0xBF:
            count = Int(header & 0x1F)
            start = position + 1
        case 0xD9:
            guard position + 1 < bytes.count else { return nil }
            count = Int(bytes[position + 1])
            start = position + 2
        case 0xDA:
            guard let n = bigEndian(UInt16.self, at: position + 1) else { return nil }
            count = Int(n)
            start = position + 3
        case 0xDB:
            guard let n = bigEndian(UInt32.self, at: position + 1) else { return nil }
            count = Int(n)
            start = position + 5
        default:
            return nil
        }
        guard start + count <= bytes.count else { return nil }
        var packed: UInt128 = 0
        if count < 16 {
            packed = UInt128(count)
            for index in 0..<count {
                packed |= UInt128(bytes[start + index]) << (8 * (index + 1))
            }
            for entry in recent where entry.packed == packed {
                position = start + count
                return entry.text
            }
        }
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<start + count]), as: UTF8.self) else { return nil }
        if count < 16, recent.count < Self.recentLimit {
            recent.append((packed, text))
        }
        position = start + count
        return text
    }

    /// `.some(nil)` for an explicit nil (the generic decoder treats it as absent).
    private mutating func optionalString() -> String?? {
        skipNil() ? .some(nil) : string().map { .some($0) }
    }

    private mutating func double() -> Double? {
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case 0xCB:
            guard let bits = bigEndian(UInt64.self, at: position + 1) else { return nil }
            position += 9
            return Double(bitPattern: bits)
        case 0xCA:
            guard let bits = bigEndian(UInt32.self, at: position + 1) else { return nil }
            position += 5
            return Double(Float(bitPattern: bits))
        default:
            guard let integer = integer() else { return nil }
            return Double(integer)
        }
    }

    private mutating func integer() -> Int? {
        guard position < bytes.count else { return nil }
        let header = bytes[position]
        switch header {
        case 0x00...0x7F:
            position += 1
            return Int(header)
        case 0xE0...0xFF:
            position += 1
            return Int(Int8(bitPattern: header))
        case 0xCC:
            guard position + 1 < bytes.count else { return nil }
            position += 2
            return Int(bytes[position - 1])
        case 0xCD:
            guard let v = bigEndian(UInt16.self, at: position + 1) else { return nil }
            position += 3
            return Int(v)
        case 0xCE:
            guard let v = bigEndian(UInt32.self, at: position + 1) else { return nil }
            position += 5
            return Int(v)
        case 0xCF:
            guard let v = bigEndian(UInt64.self, at: position + 1), let value = Int(exactly: v) else { return nil }
            position += 9
            return value
        case 0xD0:
            guard position + 1 < bytes.count else { return nil }
            position += 2
            return Int(Int8(bitPattern: bytes[position - 1]))
        case 0xD1:
            guard let v = bigEndian(UInt16.self, at: position + 1) else { return nil }
            position += 3
            return Int(Int16(bitPattern: v))
        case 0xD2:
            guard let v = bigEndian(UInt32.self, at: position + 1) else { return nil }
            position += 5
            return Int(Int32(bitPattern: v))
        case 0xD3:
            guard let v = bigEndian(UInt64.self, at: position + 1) else { return nil }
            position += 9
            return Int(Int64(bitPattern: v))
        default:
            return nil
        }
    }

    private mutating func optionalBool() -> Bool?? {
        if skipNil() { return .some(nil) }
        guard position < bytes.count, bytes[position] == 0xC2 || bytes[position] == 0xC3 else { return nil }
        position += 1
        return .some(bytes[position - 1] == 0xC3)
    }

    private mutating func optionalDouble() -> Double?? {
        skipNil() ? .some(nil) : double().map { .some($0) }
    }

    private mutating func optionalInteger() -> Int?? {
        skipNil() ? .some(nil) : integer().map { .some($0) }
    }

    /// The timestamp extension (type -1) in its 32-, 64- or 96-bit form.
    private mutating func optionalDate() -> Date?? {
        if skipNil() { return .some(nil) }
        guard position + 1 < bytes.count else { return nil }
        let stamp: MessagePackTimestamp
        switch bytes[position] {
        case 0xD6:
            guard bytes[position + 1] == 0xFF, let seconds = bigEndian(UInt32.self, at: position + 2) else { return nil }
            stamp = MessagePackTimestamp(seconds: Int64(seconds), nanoseconds: 0)
            position += 6
        case 0xD7:
            guard bytes[position + 1] == 0xFF, let packed = bigEndian(UInt64.self, at: position + 2) else { return nil }
            stamp = MessagePackTimestamp(seconds: Int64(packed & 0x3_FFFF_FFFF), nanoseconds: UInt32(packed >> 34))
            position += 10
        case 0xC7:
            guard position + 2 < bytes.count, bytes[position + 1] == 12, bytes[position + 2] == 0xFF,
                  let nanos = bigEndian(UInt32.self, at: position + 3), let seconds = bigEndian(UInt64.self, at: position + 7)
            else { return nil }
            stamp = MessagePackTimestamp(seconds: Int64(bitPattern: seconds), nanoseconds: nanos)
            position += 15
        default:
            return nil
        }
        guard stamp.nanoseconds <= 999_999_999 else { return nil }
        return .some(stamp.date)
    }

    private func bigEndian<T: FixedWidthInteger & UnsignedInteger>(_ type: T.Type, at offset: Int) -> T? {
        let size = MemoryLayout<T>.size
        guard offset >= 0, offset + size <= bytes.count else { return nil }
        var value: T = 0
        for index in 0..<size {
            value = value << 8 | T(bytes[offset + index])
        }
        return value
    }
}
