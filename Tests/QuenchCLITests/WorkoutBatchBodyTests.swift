import Foundation
import HealthImport
import MessagePack
@testable import QuenchCLI
import QuenchProtocol
import Testing

@Suite("A workout log's batch body, written by hand")
struct WorkoutBatchBodyTests {
    @Test("it reads back as the SampleInputs it stands for, and is byte for byte their generic encoding")
    func readsBack() throws {
        var body = ImportBatchBody(jobId: "job-w")
        let lines = [
            WorkoutLine(lineNumber: 2, year: 2022, month: 7, day: 28, exercise: "Squat (Barbell)", sets: 1, reps: 5, weight: 60, unit: .kg, warmup: true),
            WorkoutLine(lineNumber: 3, year: 2022, month: 7, day: 28, exercise: "Squat, \"Front\" é", sets: 3, reps: 1000, weight: 102.5),
            WorkoutLine(lineNumber: 4, year: 2022, month: 7, day: 29, exercise: String(repeating: "x", count: 100), sets: 100, reps: 1, weight: 0),
        ]
        let expected = lines.enumerated().map { index, line in
            SampleInput(type: "strength", value: line.weight, unit: line.unit?.rawValue ?? "lb", source: "workout log",
                        day: String(format: "%04d-%02d-%02d", line.year, line.month, line.day), exercise: line.exercise,
                        sets: line.sets, reps: line.reps, occurrence: index, warmup: line.warmup ? true : nil)
        }
        for (index, line) in lines.enumerated() {
            body.append(strength: line, day: expected[index].day!, unit: expected[index].unit, occurrence: index)
        }
        let raw = try body.take()
        _ = try MessagePackRaw(validating: raw.bytes)
        let request = try MessagePackDecoder().decode(ImportBatchRequest.self, from: raw.bytes)
        #expect(request.jobId == "job-w" && request.samples == expected && request.sources == [])
        #expect(raw.bytes == (try MessagePackRaw(encoding: ImportBatchRequest(jobId: "job-w", sources: [], samples: expected))).bytes)
        #expect(body.isEmpty)
    }
}
