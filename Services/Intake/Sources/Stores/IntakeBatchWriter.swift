import MessagePack
import QuenchProtocol

/// The body of an `intake.batch-logged` event written by hand (``MessagePackWriter``): the
/// generic encoder's keyed containers were ≈ 15 % of intake's CPU while it applied the water
/// of a 1,000,000-record Apple Health import. The bytes are the generic encoding's (keys in
/// declaration order; `IntakeBatchWriterTests` compares them).
enum IntakeBatchWriter {
    static func body(user: String, intakes: [IntakeRecord]) throws -> Encoded<IntakeBatchBody> {
        var writer = MessagePackWriter(capacity: 32 + intakes.count * 256)
        writer.writeMapHeader(2)
        try writer.write("user")
        try writer.write(user)
        try writer.write("intakes")
        writer.writeArrayHeader(intakes.count)
        for intake in intakes {
            writer.writeMapHeader(13)
            try writer.write("id")
            try writer.write(intake.id)
            try writer.write("user")
            try writer.write(intake.user)
            try writer.write("fluid")
            try writer.write(intake.fluid)
            try writer.write("volumeMl")
            writer.write(intake.volumeMl)
            try writer.write("waterMl")
            writer.write(intake.waterMl)
            try writer.write("waterMicrolitres")
            writer.write(intake.waterMicrolitres)
            try writer.write("waterPercent")
            writer.write(intake.waterPercent)
            try writer.write("at")
            try writer.write(intake.at)
            try writer.write("day")
            try writer.write(intake.day)
            try writer.write("timeZone")
            try writer.write(intake.timeZone)
            try writer.write("source")
            try writer.write(intake.source)
            try writer.write("createdAt")
            try writer.write(intake.createdAt)
            try writer.write("updatedAt")
            try writer.write(intake.updatedAt)
        }
        return Encoded(vouchedFor: MessagePackRaw(wellFormed: writer.bytes))
    }
}
