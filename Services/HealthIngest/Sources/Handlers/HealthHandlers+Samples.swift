import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

extension HealthHandlers {
    /// All or nothing: a sample of a type without consent is `failed_precondition`, an
    /// invalid one `invalid_argument` naming `samples[i].<field>`; an identical sample
    /// stored before is returned as it is and counted as a duplicate.
    func addSamples(_ request: AddSamplesRequest, _ write: WriteContext) throws -> AddSamplesReply {
        let user = try write.request.actingUser()
        guard (1...AddSamplesRequest.maxSamples).contains(request.samples.count) else {
            throw QuenchError.invalidArgument(
                "samples", "must hold 1 to \(AddSamplesRequest.maxSamples) samples, got \(request.samples.count); use import.batch for more")
        }
        var ingest = try SampleIngest(write: write, user: user, now: now())
        let valid = try request.samples.enumerated().map { index, input in
            try strictValidate(&ingest, input, field: "samples[\(index)].")
        }
        var records: [SampleRecord] = []
        var duplicates = 0
        for (index, sample) in valid.enumerated() {
            switch try ingest.store(sample) {
            case .stored(let stored, let seq):
                records.append(try record(stored, seq: seq))
            case .rejected(let rejection):
                // All or nothing: the throw rolls back what the request stored before.
                throw QuenchError.invalidArgument("samples[\(index)].\(rejection.field)", rejection.message, rule: rejection.rule)
            default:
                duplicates += 1
                if let existing = try SampleStore.find(write.db, user: user, sample) {
                    records.append(existing)
                }
            }
        }
        try ingest.finish()
        return AddSamplesReply(samples: records, duplicates: duplicates)
    }

    /// One body-mass sample; `health.weight.recorded` when it is new.
    func addWeight(_ request: AddWeightRequest, _ write: WriteContext) throws -> WeightReply {
        let user = try write.request.actingUser()
        guard ["kg", "lb"].contains(request.unit.lowercased()) else {
            throw QuenchError.invalidArgument(
                "unit", "must be kg or lb, got '\(request.unit.prefix(20))'", rule: ErrorRule("unit.one_of", ["accepted": "kg, lb", "got": String(request.unit.prefix(20))]))
        }
        var ingest = try SampleIngest(write: write, user: user, now: now())
        let input = SampleInput(type: SampleType.bodyMass.rawValue, value: request.value, unit: request.unit.lowercased(), start: request.at, source: request.source)
        let sample = try strictValidate(&ingest, input, field: "", rename: ["start": "at", "end": "at", "type": "consent"])
        let outcome = try ingest.store(sample)
        try ingest.finish()
        var duplicate = false
        if case .duplicate = outcome {
            duplicate = true
        }
        return WeightReply(
            weightKg: sample.normalized, at: sample.start, sampleId: SampleIdentity.hex(sample.identity),
            value: sample.value, unit: sample.unit, source: sample.source, duplicate: duplicate)
    }

    func strictValidate(
        _ ingest: inout SampleIngest, _ input: SampleInput, field prefix: String, rename: [String: String] = [:]
    ) throws -> ValidSample {
        if let type = SampleType(rawValue: input.type), !ingest.hasConsent(type.consent) {
            throw ConsentStore.missing(type.consent, field: prefix + (rename["type"] ?? "type"))
        }
        switch ingest.validate(input) {
        case .success(let sample):
            return sample
        case .failure(let rejection):
            throw QuenchError.invalidArgument(prefix + (rename[rejection.field] ?? rejection.field), rejection.message, rule: rejection.rule)
        }
    }

    func record(_ sample: ValidSample, seq: Int64) throws -> SampleRecord {
        SampleRecord(
            sampleId: SampleIdentity.hex(sample.identity), seq: seq, type: sample.type.rawValue, value: sample.value,
            unit: sample.unit, normalizedValue: sample.normalized, start: sample.start, end: sample.end,
            day: try LocalDay(stored: sample.day), source: sample.source, device: sample.device,
            exercise: sample.exercise, sets: sample.sets, reps: sample.reps)
    }

    /// Replaces the source priority of steps and distance and publishes every day whose total changes.
    func setPriority(_ request: StepsPriorityRequest, _ write: WriteContext) throws -> StepsPriorityReply {
        let user = try write.request.actingUser()
        guard request.sources.count <= StepsPriorityRequest.maxSources else {
            throw QuenchError.invalidArgument("sources", "must list at most \(StepsPriorityRequest.maxSources) sources, got \(request.sources.count)")
        }
        var sources: [String] = []
        for (index, raw) in request.sources.enumerated() {
            let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, name.unicodeScalars.count <= SampleRules.maxSourceLength else {
                throw QuenchError.invalidArgument("sources[\(index)]", "must be 1 to \(SampleRules.maxSourceLength) characters")
            }
            guard !sources.contains(where: { SourceIdentity.key($0) == SourceIdentity.key(name) }) else {
                throw QuenchError.invalidArgument("sources[\(index)]", "'\(name)' is listed twice")
            }
            sources.append(name)
        }
        try write.db.execute(cached: "DELETE FROM steps_priority WHERE user = ?", arguments: [user])
        for (position, name) in sources.enumerated() {
            try write.db.execute(
                sql: "INSERT INTO steps_priority (user, position, source) VALUES (?, ?, ?)", arguments: [user, position, name])
        }
        let granted = try ConsentStore.granted(write.db, user: user)
        for type in [SampleType.steps, .distance] where granted.contains(type.consent) {
            try DayTotals.refresh(write, user: user, type: type, days: try SampleStore.days(write.db, user: user, type: type))
        }
        return try priorityReply(write.db, user: user)
    }
}
