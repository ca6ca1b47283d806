import MessagePack
import QuenchProtocol

/// The body of a `health.strength.batch-recorded` event written by hand (``MessagePackWriter``):
/// the generic encoder's keyed containers were a tenth of the service's CPU during a large
/// workout import. The bytes are the generic encoding's (keys in declaration order, `warmup`
/// only when set; `StrengthBatchWriterTests` compares them).
enum StrengthBatchWriter {
    static func body(user: String, samples: ArraySlice<StrengthSetRecordedBody>) throws -> Encoded<StrengthBatchRecordedBody> {
        var writer = MessagePackWriter(capacity: 32 + samples.count * 128)
        writer.writeMapHeader(2)
        try writer.write("user")
        try writer.write(user)
        try writer.write("samples")
        writer.writeArrayHeader(samples.count)
        for set in samples {
            writer.writeMapHeader(set.warmup == nil ? 7 : 8)
            try writer.write("user")
            try writer.write(set.user)
            try writer.write("sampleId")
            try writer.write(set.sampleId)
            try writer.write("day")
            try writer.write(set.day.description)
            try writer.write("exercise")
            try writer.write(set.exercise)
            try writer.write("sets")
            writer.write(set.sets)
            try writer.write("reps")
            writer.write(set.reps)
            try writer.write("weightKg")
            writer.write(set.weightKg)
            if let warmup = set.warmup {
                try writer.write("warmup")
                writer.write(warmup)
            }
        }
        return Encoded(vouchedFor: MessagePackRaw(wellFormed: writer.bytes))
    }
}
