import Foundation
import HealthImport
import MessagePack
import QuenchProtocol

/// The MessagePack body of one `import.batch`, written byte by byte as samples arrive: the
/// same map the `ImportBatchRequest` encoding gives (`jobId`, `sources`, `samples`, each sample
/// a map of `type`, `value`, `unit`, `start`, `end`, `sourceIndex`, `utcOffset`), without building a
/// `SampleInput` per sample or running the generic encoder over 2000 of them.
struct ImportBatchBody {
    private let jobId: String
    private var sources: [SampleSource] = []
    private var sourceIndex: [SampleSource: Int] = [:]
    private var samples: [UInt8] = []
    private(set) var count = 0

    init(jobId: String) {
        self.jobId = jobId
        samples.reserveCapacity(ImportBatchRequest.maxSamples * 96)
    }

    var isEmpty: Bool { count == 0 }

    /// The index of `source` in this batch's source list, adding it if new.
    mutating func index(of source: SampleSource) -> Int {
        if let known = sourceIndex[source] { return known }
        let index = sources.count
        sources.append(source)
        sourceIndex[source] = index
        return index
    }

    /// Appends one sample. `type` and `unit` are written as given; instants as MessagePack timestamps.
    /// The usual sample (type and unit under 32 bytes) is written into a scratch buffer and
    /// appended at once: thirty appends of a byte or a few to the growing array were a tenth
    /// of the CLI's time.
    mutating func append(type: String, value: Double, unit: String, start: Date, end: Date, sourceIndex: Int, utcOffset: Int) {
        var type = type, unit = unit
        let written = type.withUTF8 { type in
            unit.withUTF8 { unit in
                guard type.count < 32, unit.count < 32 else { return false }
                withUnsafeTemporaryAllocation(byteCount: Scratch.capacity, alignment: 1) { buffer in
                    var scratch = Scratch(buffer)
                    scratch.byte(0x87)
                    scratch.key("type")
                    scratch.string(type)
                    scratch.key("value")
                    scratch.double(value)
                    scratch.key("unit")
                    scratch.string(unit)
                    scratch.key("start")
                    scratch.timestamp(start)
                    scratch.key("end")
                    scratch.timestamp(end)
                    scratch.key("sourceIndex")
                    scratch.integer(sourceIndex)
                    scratch.key("utcOffset")
                    scratch.integer(utcOffset)
                    samples.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<scratch.count]))
                }
                return true
            }
        }
        if written {
            count += 1
            return
        }
        Writer.mapHeader(7, into: &samples)
        Writer.string("type", into: &samples)
        Writer.string(type, into: &samples)
        Writer.string("value", into: &samples)
        Writer.double(value, into: &samples)
        Writer.string("unit", into: &samples)
        Writer.string(unit, into: &samples)
        Writer.string("start", into: &samples)
        Writer.timestamp(start, into: &samples)
        Writer.string("end", into: &samples)
        Writer.timestamp(end, into: &samples)
        Writer.string("sourceIndex", into: &samples)
        Writer.integer(sourceIndex, into: &samples)
        Writer.string("utcOffset", into: &samples)
        Writer.integer(utcOffset, into: &samples)
        count += 1
    }

    /// Appends one workout (`type` `workout`): its duration as `value`/`unit`, its activity and,
    /// when the export gives them, its distance and energy with their units as written.
    mutating func append(workout: HealthWorkout, sourceIndex: Int) {
        let distance = workout.distance.flatMap { value in workout.distanceUnit.map { (value, $0) } }
        let energy = workout.energy.flatMap { value in workout.energyUnit.map { (value, $0) } }
        Writer.mapHeader(8 + (distance == nil ? 0 : 2) + (energy == nil ? 0 : 2), into: &samples)
        Writer.string("type", into: &samples)
        Writer.string(SampleType.workout.rawValue, into: &samples)
        Writer.string("value", into: &samples)
        Writer.double(workout.duration ?? workout.endDate.timeIntervalSince(workout.startDate), into: &samples)
        Writer.string("unit", into: &samples)
        Writer.string(workout.duration == nil ? "s" : workout.durationUnit ?? "min", into: &samples)
        Writer.string("start", into: &samples)
        Writer.timestamp(workout.startDate, into: &samples)
        Writer.string("end", into: &samples)
        Writer.timestamp(workout.endDate, into: &samples)
        Writer.string("sourceIndex", into: &samples)
        Writer.integer(sourceIndex, into: &samples)
        Writer.string("utcOffset", into: &samples)
        Writer.integer(workout.utcOffsetSeconds, into: &samples)
        Writer.string("activity", into: &samples)
        Writer.string(workout.activityType, into: &samples)
        if let (value, unit) = distance {
            Writer.string("distance", into: &samples)
            Writer.double(value, into: &samples)
            Writer.string("distanceUnit", into: &samples)
            Writer.string(unit, into: &samples)
        }
        if let (value, unit) = energy {
            Writer.string("energy", into: &samples)
            Writer.double(value, into: &samples)
            Writer.string("energyUnit", into: &samples)
            Writer.string(unit, into: &samples)
        }
        count += 1
    }

    /// Appends one strength set of a workout log (`type` `strength`, `source` `workout log`):
    /// the map a `SampleInput` of those fields encodes to, `warmup` only when true.
    mutating func append(strength line: WorkoutLine, day: String, unit: String, occurrence: Int) {
        Writer.mapHeader(line.warmup ? 10 : 9, into: &samples)
        Writer.string("type", into: &samples)
        Writer.string(SampleType.strength.rawValue, into: &samples)
        Writer.string("value", into: &samples)
        Writer.double(line.weight, into: &samples)
        Writer.string("unit", into: &samples)
        Writer.string(unit, into: &samples)
        Writer.string("source", into: &samples)
        Writer.string(Self.workoutLogSource, into: &samples)
        Writer.string("day", into: &samples)
        Writer.string(day, into: &samples)
        Writer.string("exercise", into: &samples)
        Writer.string(line.exercise, into: &samples)
        Writer.string("sets", into: &samples)
        Writer.integer(line.sets, into: &samples)
        Writer.string("reps", into: &samples)
        Writer.integer(line.reps, into: &samples)
        Writer.string("occurrence", into: &samples)
        Writer.integer(occurrence, into: &samples)
        if line.warmup {
            Writer.string("warmup", into: &samples)
            samples.append(0xC3)
        }
        count += 1
    }

    /// The `source` of every set a workout log imports.
    static let workoutLogSource = "workout log"

    /// The whole body, ready to send; empties this one for the next batch.
    mutating func take() throws -> MessagePackRaw {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(samples.count + 64 + sources.count * 160)
        Writer.mapHeader(3, into: &bytes)
        Writer.string("jobId", into: &bytes)
        Writer.string(jobId, into: &bytes)
        Writer.string("sources", into: &bytes)
        Writer.arrayHeader(sources.count, into: &bytes)
        for source in sources {
            Writer.mapHeader(source.device == nil ? 1 : 2, into: &bytes)
            Writer.string("name", into: &bytes)
            Writer.string(source.name, into: &bytes)
            if let device = source.device {
                Writer.string("device", into: &bytes)
                Writer.string(device, into: &bytes)
            }
        }
        Writer.string("samples", into: &bytes)
        Writer.arrayHeader(count, into: &bytes)
        bytes.append(contentsOf: samples)
        sources.removeAll(keepingCapacity: true)
        sourceIndex.removeAll(keepingCapacity: true)
        samples.removeAll(keepingCapacity: true)
        count = 0
        // Well formed by construction (its tests compare it with the generic encoding), and
        // health-ingest checks what it reads: a scan here would cost a tenth of the CLI's time.
        return MessagePackRaw(wellFormed: bytes)
    }

    /// One sample's map written in place (``append(type:value:unit:start:end:sourceIndex:utcOffset:)``),
    /// in the forms ``Writer`` gives: keys and strings under 32 bytes, the smallest integer and
    /// timestamp forms. At most 50 bytes of keys and headers, 2 × 32 of text, 9 of the double,
    /// 2 × 15 of timestamps and 2 × 9 of integers: 171 bytes.
    struct Scratch {
        static let capacity = 192
        private let buffer: UnsafeMutableRawBufferPointer
        private(set) var count = 0

        init(_ buffer: UnsafeMutableRawBufferPointer) {
            self.buffer = buffer
        }

        mutating func byte(_ value: UInt8) {
            buffer[count] = value
            count += 1
        }

        mutating func key(_ text: StaticString) {
            byte(0xA0 | UInt8(text.utf8CodeUnitCount))
            copy(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// A str of fewer than 32 bytes.
        mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
            byte(0xA0 | UInt8(utf8.count))
            copy(UnsafeRawBufferPointer(utf8))
        }

        mutating func double(_ value: Double) {
            byte(0xCB)
            bigEndian(value.bitPattern)
        }

        mutating func integer(_ value: Int) {
            switch value {
            case 0...127: byte(UInt8(value))
            case 128...Int(UInt8.max):
                byte(0xCC)
                byte(UInt8(value))
            case 256...Int(UInt16.max):
                byte(0xCD)
                bigEndian(UInt16(value))
            case 65_536...Int(UInt32.max):
                byte(0xCE)
                bigEndian(UInt32(value))
            case -32 ..< 0: byte(UInt8(truncatingIfNeeded: value))
            case -0x80 ..< 0:
                byte(0xD0)
                byte(UInt8(truncatingIfNeeded: value))
            case -0x8000 ..< 0:
                byte(0xD1)
                bigEndian(UInt16(truncatingIfNeeded: value))
            case -0x8000_0000 ..< 0:
                byte(0xD2)
                bigEndian(UInt32(truncatingIfNeeded: value))
            default:
                byte(0xD3)
                bigEndian(UInt64(bitPattern: Int64(value)))
            }
        }

        /// As ``Writer/timestamp(_:into:)``.
        mutating func timestamp(_ date: Date) {
            let stamp = MessagePackTimestamp(date)
            if stamp.nanoseconds == 0, stamp.seconds >= 0, stamp.seconds <= Int64(UInt32.max) {
                byte(0xD6)
                byte(0xFF)
                bigEndian(UInt32(stamp.seconds))
            } else if stamp.seconds >= 0, stamp.seconds < (1 << 34) {
                byte(0xD7)
                byte(0xFF)
                bigEndian(UInt64(stamp.nanoseconds) << 34 | UInt64(stamp.seconds))
            } else {
                byte(0xC7)
                byte(12)
                byte(0xFF)
                bigEndian(stamp.nanoseconds)
                bigEndian(UInt64(bitPattern: stamp.seconds))
            }
        }

        private mutating func bigEndian<T: FixedWidthInteger>(_ value: T) {
            buffer.storeBytes(of: value.bigEndian, toByteOffset: count, as: T.self)
            count += MemoryLayout<T>.size
        }

        private mutating func copy(_ bytes: UnsafeRawBufferPointer) {
            guard let source = bytes.baseAddress, !bytes.isEmpty, let target = buffer.baseAddress else { return }
            (target + count).copyMemory(from: source, byteCount: bytes.count)
            count += bytes.count
        }
    }

    /// The few MessagePack forms a batch body uses.
    enum Writer {
        static func mapHeader(_ count: Int, into bytes: inout [UInt8]) {
            if count < 16 {
                bytes.append(0x80 | UInt8(count))
            } else {
                bytes.append(0xDE)
                bigEndian(UInt16(count), into: &bytes)
            }
        }

        static func arrayHeader(_ count: Int, into bytes: inout [UInt8]) {
            if count < 16 {
                bytes.append(0x90 | UInt8(count))
            } else if count <= UInt16.max {
                bytes.append(0xDC)
                bigEndian(UInt16(count), into: &bytes)
            } else {
                bytes.append(0xDD)
                bigEndian(UInt32(count), into: &bytes)
            }
        }

        static func string(_ text: String, into bytes: inout [UInt8]) {
            var text = text
            text.withUTF8 { utf8 in
                let n = utf8.count
                if n < 32 {
                    bytes.append(0xA0 | UInt8(n))
                } else if n <= UInt8.max {
                    bytes.append(0xD9)
                    bytes.append(UInt8(n))
                } else if n <= UInt16.max {
                    bytes.append(0xDA)
                    bigEndian(UInt16(n), into: &bytes)
                } else {
                    bytes.append(0xDB)
                    bigEndian(UInt32(n), into: &bytes)
                }
                bytes.append(contentsOf: utf8)
            }
        }

        static func double(_ value: Double, into bytes: inout [UInt8]) {
            bytes.append(0xCB)
            bigEndian(value.bitPattern, into: &bytes)
        }

        static func integer(_ value: Int, into bytes: inout [UInt8]) {
            switch value {
            case 0...127: bytes.append(UInt8(value))
            case 128...Int(UInt8.max):
                bytes.append(0xCC)
                bytes.append(UInt8(value))
            case 256...Int(UInt16.max):
                bytes.append(0xCD)
                bigEndian(UInt16(value), into: &bytes)
            case 65_536...Int(UInt32.max):
                bytes.append(0xCE)
                bigEndian(UInt32(value), into: &bytes)
            case -32 ..< 0: bytes.append(UInt8(truncatingIfNeeded: value))
            case -0x80 ..< 0:
                bytes.append(0xD0)
                bytes.append(UInt8(truncatingIfNeeded: value))
            case -0x8000 ..< 0:
                bytes.append(0xD1)
                bigEndian(UInt16(truncatingIfNeeded: value), into: &bytes)
            case -0x8000_0000 ..< 0:
                bytes.append(0xD2)
                bigEndian(UInt32(truncatingIfNeeded: value), into: &bytes)
            default:
                bytes.append(0xD3)
                bigEndian(UInt64(bitPattern: Int64(value)), into: &bytes)
            }
        }

        /// The timestamp extension (type -1) in its smallest form, as the encoder writes a `Date`.
        static func timestamp(_ date: Date, into bytes: inout [UInt8]) {
            let stamp = MessagePackTimestamp(date)
            if stamp.nanoseconds == 0, stamp.seconds >= 0, stamp.seconds <= Int64(UInt32.max) {
                bytes.append(0xD6)
                bytes.append(0xFF)
                bigEndian(UInt32(stamp.seconds), into: &bytes)
            } else if stamp.seconds >= 0, stamp.seconds < (1 << 34) {
                bytes.append(0xD7)
                bytes.append(0xFF)
                bigEndian(UInt64(stamp.nanoseconds) << 34 | UInt64(stamp.seconds), into: &bytes)
            } else {
                bytes.append(0xC7)
                bytes.append(12)
                bytes.append(0xFF)
                bigEndian(stamp.nanoseconds, into: &bytes)
                bigEndian(UInt64(bitPattern: stamp.seconds), into: &bytes)
            }
        }

        private static func bigEndian<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
        }
    }
}
