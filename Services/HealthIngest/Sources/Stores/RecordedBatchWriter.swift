import MessagePack
import QuenchProtocol

/// The bodies of `health.water.batch-recorded` and `health.weight.batch-recorded` written by
/// hand (``MessagePackWriter``), as ``StrengthBatchWriter`` writes strength sets: the generic
/// encoder's keyed containers were ≈ 2 % of the service's CPU during a 1,000,000-record Apple
/// Health import. The bytes are the generic encoding's (keys in declaration order, absent
/// optionals left out; `RecordedBatchWriterTests` compares them).
enum RecordedBatchWriter {
    static func water(user: String, samples: ArraySlice<WaterRecordedBody>) throws -> Encoded<WaterBatchRecordedBody> {
        var writer = try header(user: user, count: samples.count, perSample: 128)
        for sample in samples {
            writer.writeMapHeader(sample.utcOffset == nil ? 7 : 8)
            try writer.write("user")
            try writer.write(sample.user)
            try writer.write("sampleId")
            try writer.write(sample.sampleId)
            try writer.write("volumeMl")
            writer.write(sample.volumeMl)
            try writer.write("at")
            try writer.write(sample.at)
            try writer.write("day")
            try writer.write(sample.day)
            try writer.write("timeZone")
            try writer.write(sample.timeZone)
            try writer.write("source")
            try writer.write(sample.source)
            if let offset = sample.utcOffset {
                try writer.write("utcOffset")
                writer.write(offset)
            }
        }
        return Encoded(vouchedFor: MessagePackRaw(wellFormed: writer.bytes))
    }

    static func weight(user: String, samples: ArraySlice<WeightRecordedBody>) throws -> Encoded<WeightBatchRecordedBody> {
        var writer = try header(user: user, count: samples.count, perSample: 128)
        for sample in samples {
            writer.writeMapHeader(5 + (sample.timeZone == nil ? 0 : 1) + (sample.day == nil ? 0 : 1) + (sample.utcOffset == nil ? 0 : 1))
            try writer.write("user")
            try writer.write(sample.user)
            try writer.write("sampleId")
            try writer.write(sample.sampleId)
            try writer.write("weightKg")
            writer.write(sample.weightKg)
            try writer.write("measuredAt")
            try writer.write(sample.measuredAt)
            try writer.write("source")
            try writer.write(sample.source)
            if let zone = sample.timeZone {
                try writer.write("timeZone")
                try writer.write(zone)
            }
            if let day = sample.day {
                try writer.write("day")
                try writer.write(day)
            }
            if let offset = sample.utcOffset {
                try writer.write("utcOffset")
                writer.write(offset)
            }
        }
        return Encoded(vouchedFor: MessagePackRaw(wellFormed: writer.bytes))
    }

    private static func header(user: String, count: Int, perSample: Int) throws -> MessagePackWriter {
        var writer = MessagePackWriter(capacity: 32 + count * perSample)
        writer.writeMapHeader(2)
        try writer.write("user")
        try writer.write(user)
        try writer.write("samples")
        writer.writeArrayHeader(count)
        return writer
    }
}
