import Foundation
import MessagePack
import Testing

/// `MessagePackLimits.requireUniqueStringKeys`: maps whose keys are all distinct strings, or
/// an error naming the key and its offset.
@Suite("Unique string keys")
struct UniqueKeyTests {
    static let strict = MessagePackLimits(requireUniqueStringKeys: true)

    static func map(_ keys: [String], valueByte: UInt8 = 0x01) -> [UInt8] {
        var writer = MessagePackWriter()
        writer.writeMapHeader(keys.count)
        for key in keys {
            try? writer.write(key)
            writer.write(Int(valueByte))
        }
        return writer.bytes
    }

    func scan(_ bytes: [UInt8], _ limits: MessagePackLimits = strict) throws -> Int {
        try MessagePackScanner.skipValue(in: bytes, at: 0, limits: limits)
    }

    @Test("distinct keys pass, small and large, nested and in arrays", arguments: [0, 1, 2, 16, 17, 1000])
    func distinct(count: Int) throws {
        let keys = (0..<count).map { "k\($0)" }
        let bytes = Self.map(keys)
        #expect(try scan(bytes) == bytes.count)
        let nested = [0x92] + bytes + bytes
        #expect(try scan(nested) == nested.count)
    }

    @Test("a repeated key is refused wherever it is, small maps and large", arguments: [2, 3, 16, 17, 1000])
    func repeated(count: Int) throws {
        for position in [0, count / 2, count - 1] where count > 1 {
            var keys = (0..<count).map { "k\($0)" }
            keys[position == 0 ? 1 : position] = keys[position == 0 ? 0 : position - 1]
            let bytes = Self.map(keys)
            #expect(throws: MessagePackError.self) { try scan(bytes) }
            do {
                _ = try scan(bytes)
            } catch let error as MessagePackError {
                guard case .duplicateKey(let key) = error.kind else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(key == keys[position == 0 ? 0 : position - 1])
            }
            // Without the requirement the same bytes are fine.
            #expect(try scan(bytes, .default) == bytes.count)
        }
    }

    @Test("empty keys, keys differing in length only, and one key twice among long equal prefixes")
    func edges() throws {
        #expect(try scan(Self.map(["", "a", "aa", "aaa"])) > 0)
        #expect(throws: MessagePackError.self) { try scan(Self.map(["", "a", ""])) }
        let long = (0..<40).map { String(repeating: "p", count: 100) + "\($0)" }
        #expect(try scan(Self.map(long)) > 0)
        #expect(throws: MessagePackError.self) { try scan(Self.map(long + [long[17]])) }
    }

    @Test("a key that is not a str is refused: int, nil, bin, array")
    func nonString() throws {
        for key: [UInt8] in [[0x01], [0xc0], [0xc4, 0x01, 0x61], [0x90], [0xa1, 0x61]] {
            let bytes: [UInt8] = [0x82, 0xa1, 0x62, 0x01] + key + [0x02]
            if key == [0xa1, 0x61] {
                #expect(try scan(bytes) == bytes.count)
            } else {
                #expect(throws: MessagePackError(.nonStringKey, offset: 4)) { try scan(bytes) }
                #expect(try scan(bytes, .default) == bytes.count)
            }
        }
    }

    @Test("a map of 100,000 keys is checked without comparing every pair")
    func wideMapIsFast() throws {
        let bytes = Self.map((0..<100_000).map { "key-\($0)" })
        let clock = ContinuousClock()
        var end = 0
        let elapsed = try clock.measure { end = try scan(bytes) }
        #expect(end == bytes.count)
        #expect(elapsed < .seconds(10), "\(elapsed)")
    }
}
