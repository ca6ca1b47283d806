import Foundation
import MessagePack
import QuenchProtocol

/// The body of `health.strength.batch-recorded`, read from its MessagePack bytes by hand
/// (``MessagePackReader``, with every check the generic decoder makes): 500 sets a event
/// through the generic decoder's keyed containers were a third of analytics' CPU during a
/// large workout import. Any shape this reader does not expect (an unknown or repeated key,
/// another type for a field) is handed to the generic decoder, so what is applied and every
/// skip stay exactly as before.
struct DecodedStrengthBatch: HandReadBody, Equatable {
    let body: StrengthBatchRecordedBody

    /// The event it stands for, under its name.
    static let event = Event<DecodedStrengthBatch>(
        name: EventDescriptor.healthStrengthBatchRecorded.name, service: EventDescriptor.healthStrengthBatchRecorded.service)

    init(_ body: StrengthBatchRecordedBody) {
        self.body = body
    }

    static func read(_ buffer: UnsafeRawBufferPointer) throws -> StrengthBatchRecordedBody? {
        try BatchBodyReader.read(buffer, list: Key.samples, element: set).map { StrengthBatchRecordedBody(user: $0.user, samples: $0.elements) }
    }

    private static func set(_ reader: inout MessagePackReader) throws -> StrengthSetRecordedBody? {
        var user: String?, sampleId: String?, day: LocalDay?, exercise: String?
        var sets: Int?, reps: Int?, weightKg: Double?, warmup: Bool??
        for _ in 0..<(try reader.readMapHeader()) {
            guard let key = try reader.readKey() else { return nil }
            switch key.count {
            case 3 where Key.day.matches(key) && day == nil:
                guard let parsed = LocalDay(try reader.readString()) else { return nil }
                day = parsed
            case 4 where Key.user.matches(key) && user == nil:
                user = try reader.readString()
            case 4 where Key.sets.matches(key) && sets == nil:
                sets = try reader.readInteger(Int.self)
            case 4 where Key.reps.matches(key) && reps == nil:
                reps = try reader.readInteger(Int.self)
            case 6 where Key.warmup.matches(key) && warmup == nil:
                if try reader.peekNil() {
                    try reader.skipValue()
                    warmup = .some(nil)
                } else {
                    warmup = .some(try reader.readBool())
                }
            case 8 where Key.sampleId.matches(key) && sampleId == nil:
                sampleId = try reader.readString()
            case 8 where Key.exercise.matches(key) && exercise == nil:
                exercise = try reader.readString()
            case 8 where Key.weightKg.matches(key) && weightKg == nil:
                weightKg = try reader.readDouble()
            default:
                return nil
            }
        }
        reader.depth -= 1
        guard let user, let sampleId, let day, let exercise, let sets, let reps, let weightKg else { return nil }
        return StrengthSetRecordedBody(
            user: user, sampleId: sampleId, day: day, exercise: exercise, sets: sets, reps: reps, weightKg: weightKg, warmup: warmup ?? nil)
    }

    private typealias Key = BatchBodyReader.Key
}

private extension BatchBodyReader.Key {
    static let samples = Self("samples"), sampleId = Self("sampleId"), day = Self("day"), exercise = Self("exercise")
    static let sets = Self("sets"), reps = Self("reps"), weightKg = Self("weightKg"), warmup = Self("warmup")
}
