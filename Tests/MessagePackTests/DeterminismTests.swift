import Foundation
import MessagePack
import Testing

@Suite struct DeterminismTests {
    @Test func stringKeysSortByUTF8Bytes() throws {
        let value = ["é": 1, "b": 2, "B": 3, "a": 4, "aa": 5, "": 6]
        let decoded = try decoder.decode(MessagePackValue.self, from: try encoder.encode(value))
        guard case .map(let entries) = decoded else { Issue.record("not a map"); return }
        #expect(entries.map(\.key) == ["", "B", "a", "aa", "b", "é"])
    }

    @Test func integerKeysSortNumericallyAsIntegers() throws {
        let value = [10: "a", -5: "b", 0: "c", 300: "d", Int.min: "e"]
        let decoded = try decoder.decode(MessagePackValue.self, from: try encoder.encode(value))
        guard case .map(let entries) = decoded else { Issue.record("not a map"); return }
        #expect(entries.map(\.key) == [.int(Int64.min), -5, 0, 10, 300])
        #expect(try decoder.decode([Int: String].self, from: encoder.encode(value)) == value)
    }

    @Test func sameContentsGiveSameBytesWhateverTheInsertionOrder() throws {
        var forward: [String: Int] = [:]
        var backward: [String: Int] = [:]
        for i in 0..<200 { forward["key\(i)"] = i }
        for i in (0..<200).reversed() { backward["key\(i)"] = i }
        #expect(try encoder.encode(forward) == encoder.encode(backward))

        var uuidsA: [UUID: Int] = [:]
        var uuidsB: [UUID: Int] = [:]
        let uuids = (0..<40).map { _ in UUID() }
        for (i, uuid) in uuids.enumerated() { uuidsA[uuid] = i }
        for (i, uuid) in uuids.enumerated().reversed() { uuidsB[uuid] = i }
        #expect(try encoder.encode(uuidsA) == encoder.encode(uuidsB))
        #expect(try decoder.decode([UUID: Int].self, from: encoder.encode(uuidsA)) == uuidsA)

        let colours: [Colour: Int] = [.blue: 1, .red: 2, .green: 3]
        let decoded = try decoder.decode(MessagePackValue.self, from: try encoder.encode(colours))
        #expect(decoded == ["blue": 1, "green": 3, "red": 2])

        #expect(try encoder.encode(Set(["x", "b", "a"])) == encoder.encode(["a", "b", "x"]))
        #expect(try encoder.encode(Set([3, -1, 2])) == encoder.encode([-1, 2, 3]))
    }

    /// The encoder asks only one-reference-wide types whether they are a `Dictionary` or `Set`.
    @Test func unorderedCollectionsAreOneReferenceWideAndSortedWhereverTheyAre() throws {
        #expect(MemoryLayout<[String: Int]>.size == MemoryLayout<UnsafeRawPointer>.size)
        #expect(MemoryLayout<[Int: [String]]>.size == MemoryLayout<UnsafeRawPointer>.size)
        #expect(MemoryLayout<Set<String>>.size == MemoryLayout<UnsafeRawPointer>.size)
        struct Holder: Encodable {
            var name = "x"
            var counts: [String: Int]
            var tags: Set<Int>
            var nested: [[String: Bool]]
        }
        let encoder = MessagePackEncoder()
        let holder = Holder(counts: ["b": 2, "a": 1, "c": 3], tags: [9, -4, 7], nested: [["z": true, "y": false]])
        let expected = try encoder.encode(MessagePackValue.map([
            MessagePackMapEntry(key: "name", value: "x"),
            MessagePackMapEntry(key: "counts", value: .map([
                MessagePackMapEntry(key: "a", value: 1), MessagePackMapEntry(key: "b", value: 2), MessagePackMapEntry(key: "c", value: 3)])),
            MessagePackMapEntry(key: "tags", value: [-4, 7, 9]),
            MessagePackMapEntry(key: "nested", value: [.map([MessagePackMapEntry(key: "y", value: false), MessagePackMapEntry(key: "z", value: true)])]),
        ]))
        #expect(try encoder.encode(holder) == expected)
    }

    @Test func intRawValueCodingKeysBecomeIntegerKeys() throws {
        struct Compact: Codable, Equatable {
            var name: String
            var score: Int
            enum CodingKeys: Int, CodingKey { case name = 1, score = 2 }
        }
        let bytes = try roundTrip(Compact(name: "n", score: 3))
        #expect(bytes == [0x82, 0x01, 0xa1, 0x6e, 0x02, 0x03])
    }

    @Test func appendingToKeepsExistingBytes() throws {
        var buffer: [UInt8] = [0xAA]
        try encoder.encode([1, 2], appendingTo: &buffer)
        #expect(buffer == [0xAA, 0x92, 0x01, 0x02])
        struct Bad: Encodable { func encode(to encoder: any Encoder) throws { throw CancellationError() } }
        #expect(throws: CancellationError.self) { try encoder.encode([Bad()], appendingTo: &buffer) }
        #expect(buffer == [0xAA, 0x92, 0x01, 0x02], "a failed encode leaves the buffer as it was")
    }
}
