import Foundation
import MessagePack
import QuenchProtocol

/// The body of `intake.batch-logged`, read from its MessagePack bytes by hand
/// (``MessagePackReader``, with every check the generic decoder makes), as
/// ``DecodedStrengthBatch`` reads strength sets: the generic decoder's keyed containers were a
/// fifth of analytics' CPU while it applied the water of a 1,000,000-record Apple Health
/// import. Any shape this reader does not expect (an unknown or repeated key, another type
/// for a field) is handed to the generic decoder, so what is applied and every skip stay
/// exactly as before.
struct DecodedIntakeBatch: HandReadBody, Equatable {
    let body: IntakeBatchBody

    /// The event it stands for, under its name.
    static let event = Event<DecodedIntakeBatch>(
        name: EventDescriptor.intakeBatchLogged.name, service: EventDescriptor.intakeBatchLogged.service)

    init(_ body: IntakeBatchBody) {
        self.body = body
    }

    static func read(_ buffer: UnsafeRawBufferPointer) throws -> IntakeBatchBody? {
        try BatchBodyReader.read(buffer, list: Key.intakes, element: intake).map { IntakeBatchBody(user: $0.user, intakes: $0.elements) }
    }

    private static func intake(_ reader: inout MessagePackReader) throws -> IntakeRecord? {
        var id: String?, user: String?, fluid: String?, day: String?, timeZone: String?, source: String?
        var volumeMl: Double?, waterMl: Double?, waterPercent: Double?, waterMicrolitres: Int64?
        var at: Date?, createdAt: Date?, updatedAt: Date?
        for _ in 0..<(try reader.readMapHeader()) {
            guard let key = try reader.readKey() else { return nil }
            switch key.count {
            case 2 where Key.id.matches(key) && id == nil: id = try reader.readString()
            case 2 where Key.at.matches(key) && at == nil: at = try reader.readDate()
            case 3 where Key.day.matches(key) && day == nil: day = try reader.readString()
            case 4 where Key.user.matches(key) && user == nil: user = try reader.readString()
            case 5 where Key.fluid.matches(key) && fluid == nil: fluid = try reader.readString()
            case 6 where Key.source.matches(key) && source == nil: source = try reader.readString()
            case 7 where Key.waterMl.matches(key) && waterMl == nil: waterMl = try reader.readDouble()
            case 8 where Key.volumeMl.matches(key) && volumeMl == nil: volumeMl = try reader.readDouble()
            case 8 where Key.timeZone.matches(key) && timeZone == nil: timeZone = try reader.readString()
            case 9 where Key.createdAt.matches(key) && createdAt == nil: createdAt = try reader.readDate()
            case 9 where Key.updatedAt.matches(key) && updatedAt == nil: updatedAt = try reader.readDate()
            case 12 where Key.waterPercent.matches(key) && waterPercent == nil: waterPercent = try reader.readDouble()
            case 16 where Key.waterMicrolitres.matches(key) && waterMicrolitres == nil:
                waterMicrolitres = try reader.readInteger(Int64.self)
            default:
                return nil
            }
        }
        reader.depth -= 1
        guard let id, let user, let fluid, let volumeMl, let waterMl, let waterMicrolitres, let waterPercent, let at, let day,
              let timeZone, let source, let createdAt, let updatedAt else { return nil }
        return IntakeRecord(
            id: id, user: user, fluid: fluid, volumeMl: volumeMl, waterMl: waterMl, waterMicrolitres: waterMicrolitres,
            waterPercent: waterPercent, at: at, day: day, timeZone: timeZone, source: source, createdAt: createdAt, updatedAt: updatedAt)
    }

    private typealias Key = BatchBodyReader.Key
}

private extension BatchBodyReader.Key {
    static let intakes = Self("intakes"), id = Self("id"), fluid = Self("fluid"), volumeMl = Self("volumeMl")
    static let waterMl = Self("waterMl"), waterMicrolitres = Self("waterMicrolitres"), waterPercent = Self("waterPercent")
    static let at = Self("at"), day = Self("day"), timeZone = Self("timeZone"), source = Self("source")
    static let createdAt = Self("createdAt"), updatedAt = Self("updatedAt")
}
