import Foundation
@testable import HealthIngestService
import MessagePack
import QuenchProtocol
import Testing

@Suite("import.batch body reader")
struct ImportBatchDecodingTests {
    static func decode(_ bytes: [UInt8]) throws -> ImportBatchRequest {
        try MessagePackDecoder().decode(DecodedImportBatch.self, from: bytes).request
    }

    static func fast(_ bytes: [UInt8]) -> ImportBatchRequest? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ImportBatchReader(bytes: buffer)
            return reader.request()
        }
    }

    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    static let request = ImportBatchRequest(
        jobId: "0123456789abcdef",
        sources: [SampleSource(name: "Anna's iPhone", device: "name:iPhone"), SampleSource(name: "Ünïcode ⌚︎")],
        samples: [
            SampleInput(type: "steps", value: 412, unit: "count", start: start, end: start.addingTimeInterval(300), sourceIndex: 0),
            SampleInput(type: "distance", value: 0.25, unit: "km", start: start.addingTimeInterval(0.125), end: nil, sourceIndex: 300),
            SampleInput(type: "body-mass", value: -1.5, unit: "kg", start: Date(timeIntervalSince1970: -86_400.5), source: "scale",
                        device: "d"),
            SampleInput(type: "strength", value: 100, unit: "kg", source: "workout log", day: "2020-10-11", exercise: "Back Squat",
                        sets: 3, reps: 5, occurrence: 70_000),
            SampleInput(type: "dietary-water", value: 250, unit: "mL", start: Date(timeIntervalSince1970: 20_000_000_000)),
            SampleInput(type: "workout", value: 1.75, unit: "hr", start: start, end: start.addingTimeInterval(6300), sourceIndex: 1,
                        utcOffset: -18000, activity: "HKWorkoutActivityTypeRunning", distance: 21.1, distanceUnit: "km", energy: 1500,
                        energyUnit: "kcal"),
        ])

    @Test("what the generic encoder writes is read by hand into the same request")
    func genericEncodingReadsBack() throws {
        let bytes = try MessagePackEncoder().encode(Self.request)
        #expect(Self.fast(bytes) == Self.request)
        #expect(try Self.decode(bytes) == Self.request)
    }

    @Test("a batch of 2000 samples (array16) reads back")
    func fullBatch() throws {
        let samples = (0..<2000).map {
            SampleInput(type: "steps", value: Double($0), unit: "count", start: Self.start.addingTimeInterval(Double($0)), sourceIndex: 0)
        }
        let request = ImportBatchRequest(jobId: "j", sources: [SampleSource(name: "a")], samples: samples)
        #expect(Self.fast(try MessagePackEncoder().encode(request)) == request)
    }

    @Test("other shapes go to the generic decoder: unknown keys, nil, integers for the value, float32")
    func otherShapesFallBack() throws {
        // {"jobId": "j", "extra": 1, "samples": [{"type": "steps", "value": 5, "unit": "count", "start": nil}]}
        let extra: MessagePackValue = [
            "jobId": "j", "extra": 1,
            "samples": [["type": "steps", "value": 5, "unit": "count", "start": nil]],
        ]
        let bytes = try MessagePackEncoder().encode(extra)
        #expect(Self.fast(bytes) == nil)
        #expect(try Self.decode(bytes) == ImportBatchRequest(jobId: "j", samples: [SampleInput(type: "steps", value: 5, unit: "count")]))

        // Without the unknown key the hand reader takes it: nil is absent, an integer value a Double.
        let plain: MessagePackValue = [
            "jobId": "j", "sources": nil,
            "samples": [["type": "steps", "value": 5, "unit": "count", "start": nil, "sourceIndex": nil]],
        ]
        #expect(Self.fast(try MessagePackEncoder().encode(plain)) == ImportBatchRequest(
            jobId: "j", samples: [SampleInput(type: "steps", value: 5, unit: "count")]))
        let float: MessagePackValue = ["jobId": "j", "samples": [["type": "steps", "value": .float(2.5), "unit": "count"]]]
        #expect(try Self.decode(MessagePackEncoder().encode(float)).samples.first?.value == 2.5)
    }

    @Test("malformed bodies fail as they did with the generic decoder")
    func malformedBodies() throws {
        let missingUnit: MessagePackValue = ["jobId": "j", "samples": [["type": "steps", "value": 5]]]
        #expect(throws: (any Error).self) { try Self.decode(MessagePackEncoder().encode(missingUnit)) }
        let wrongType: MessagePackValue = ["jobId": "j", "samples": [["type": "steps", "value": "5", "unit": "count"]]]
        #expect(throws: (any Error).self) { try Self.decode(MessagePackEncoder().encode(wrongType)) }
        let badIndex: MessagePackValue = ["jobId": "j", "samples": [["type": "steps", "value": 5, "unit": "count", "sourceIndex": 1.5]]]
        #expect(throws: (any Error).self) { try Self.decode(MessagePackEncoder().encode(badIndex)) }
        var truncated = try MessagePackEncoder().encode(Self.request)
        truncated.removeLast(3)
        #expect(Self.fast(truncated) == nil)
        #expect(throws: (any Error).self) { try Self.decode(truncated) }
    }
}
