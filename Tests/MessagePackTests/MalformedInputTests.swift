import Foundation
import MessagePack
import Testing
import QuenchTestSupport

@Suite struct MalformedInputTests {
    @Test func everyTruncationThrows() throws {
        let envelope = try encoder.encode(try sampleEnvelope())
        let everything = try encoder.encode(Everything())
        for bytes in [envelope, everything] {
            for length in 0..<bytes.count {
                let prefix = Array(bytes.prefix(length))
                #expect(throws: MessagePackError.self) { try decoder.decode(MessagePackValue.self, from: prefix) }
                #expect(throws: MessagePackError.self) { try MessagePackRaw(validating: prefix) }
            }
        }
        for length in 0..<envelope.count {
            #expect(throws: MessagePackError.self) { try decoder.decode(Envelope.self, from: Array(envelope.prefix(length))) }
        }
        for length in 0..<everything.count {
            #expect(throws: (any Error).self) { try decoder.decode(Everything.self, from: Array(everything.prefix(length))) }
        }
    }

    @Test func hugeDeclaredLengthsThrowBeforeAllocating() {
        let cases: [(bytes: [UInt8], available: Int, decode: ([UInt8]) throws -> Void)] = [
            ([0xdb, 0xff, 0xff, 0xff, 0xff, 0x61, 0x62], 2, { _ = try decoder.decode(String.self, from: $0) }),
            ([0xc6, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02], 2, { _ = try decoder.decode(Data.self, from: $0) }),
            ([0xdd, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02], 2, { _ = try decoder.decode([Int].self, from: $0) }),
            ([0xdf, 0xff, 0xff, 0xff, 0xff, 0x01, 0x02], 2, { _ = try decoder.decode([String: Int].self, from: $0) }),
            ([0xc9, 0xff, 0xff, 0xff, 0xff, 0x05, 0x01], 1, { _ = try decoder.decode(MessagePackValue.self, from: $0) }),
        ]
        for (bytes, available, decode) in cases {
            let error = messagePackError { try decode(bytes) }
            #expect(error?.kind == .lengthBeyondInput(declared: 0xffff_ffff, available: available))
            #expect(error?.offset == 0)
            let dynamic = messagePackError { _ = try decoder.decode(MessagePackValue.self, from: bytes) }
            #expect(dynamic?.kind == .lengthBeyondInput(declared: 0xffff_ffff, available: available))
            #expect(messagePackError { _ = try MessagePackScanner.skipValue(in: bytes, at: 0) }?.kind == .lengthBeyondInput(declared: 0xffff_ffff, available: available))
        }
        let map = messagePackError { _ = try decoder.decode(MessagePackValue.self, from: [0x8f, 0x01, 0x02, 0x03]) }
        #expect(map?.kind == .lengthBeyondInput(declared: 15, available: 3), "a map needs two bytes per entry")
    }

    @Test func limitsAreEnforced() {
        let limits = MessagePackLimits(maxDepth: 64, maxStringLength: 3, maxBinaryLength: 2, maxContainerCount: 2)
        let strict = MessagePackDecoder(limits: limits)
        #expect(messagePackError { _ = try strict.decode(String.self, from: [0xa4, 0x61, 0x61, 0x61, 0x61]) }?.kind == .limitExceeded("string length 4 exceeds maxStringLength 3"))
        #expect(messagePackError { _ = try strict.decode(Data.self, from: [0xc4, 0x03, 1, 2, 3]) }?.kind == .limitExceeded("binary length 3 exceeds maxBinaryLength 2"))
        #expect(messagePackError { _ = try strict.decode([Int].self, from: [0x93, 1, 2, 3]) }?.kind == .limitExceeded("array count 3 exceeds maxContainerCount 2"))
        #expect(messagePackError { _ = try strict.decode(MessagePackValue.self, from: [0x91, 0x83, 1, 1, 2, 2, 3, 3]) }?.offset == 1)
        #expect(MessagePackLimits.default == MessagePackLimits(maxDepth: 64, maxStringLength: 1 << 20, maxBinaryLength: 16 << 20, maxContainerCount: 1 << 20))
    }

    struct Nested: Decodable {
        var depth: Int
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            depth = container.isAtEnd ? 1 : try container.decode(Nested.self).depth + 1
        }
    }

    @Test func deepNestingIsBounded() throws {
        let deep = [UInt8](repeating: 0x91, count: 100_000) + [0x90]
        for decode in [
            { _ = try decoder.decode(MessagePackValue.self, from: deep) },
            { _ = try decoder.decode(Nested.self, from: deep) },
            { _ = try MessagePackRaw(validating: deep) },
            { _ = try MessagePackScanner.skipValue(in: deep, at: 0) },
        ] as [() throws -> Void] {
            let error = messagePackError(decode)
            #expect(error?.kind == .depthExceeded)
            #expect(error?.offset == 64)
        }
        let deepMaps = [UInt8]((0..<100_000).flatMap { _ in [0x81, 0x00] as [UInt8] }) + [0x80]
        #expect(messagePackError { _ = try decoder.decode(MessagePackValue.self, from: deepMaps) }?.kind == .depthExceeded)
        #expect(messagePackError { _ = try decoder.decode([Int: [Int: [Int: Int]]].self, from: deepMaps) }?.kind != nil)

        let exactlyAtLimit = [UInt8](repeating: 0x91, count: 63) + [0x90]
        #expect(try decoder.decode(Nested.self, from: exactlyAtLimit).depth == 64)
        #expect(try MessagePackScanner.skipValue(in: exactlyAtLimit, at: 0) == 64)
    }

    @Test func invalidFormatByte() {
        let error = messagePackError { _ = try decoder.decode(Int.self, from: [0xc1]) }
        #expect(error?.kind == .invalidFormat(0xc1))
        let nested = messagePackError { _ = try decoder.decode([Int].self, from: [0x92, 0x01, 0xc1]) }
        #expect(nested?.kind == .invalidFormat(0xc1))
        #expect(nested?.offset == 2)
        #expect(nested?.codingPath == "[1]")
    }

    @Test(arguments: [
        [0xc3, 0x28], [0xa0, 0xa1], [0xe2, 0x28, 0xa1], [0xe2, 0x82, 0x28], [0xf0, 0x28, 0x8c, 0xbc],
        [0xc0, 0x80], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80],
        [0xff], [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0xe2, 0x82],
    ] as [[UInt8]])
    func invalidUTF8(payload: [UInt8]) {
        let bytes = [0xa0 | UInt8(payload.count)] + payload
        #expect(messagePackError { _ = try decoder.decode(String.self, from: bytes) }?.kind == .invalidUTF8)
        #expect(messagePackError { _ = try decoder.decode(MessagePackValue.self, from: bytes) }?.kind == .invalidUTF8)
        #expect(messagePackError { _ = try MessagePackRaw(validating: bytes) }?.kind == .invalidUTF8)
        #expect(messagePackError { _ = try decoder.decode([String: Int].self, from: [0x81] + bytes + [0x01]) }?.kind == .invalidUTF8)
    }

    @Test func invalidTimestamps() {
        let tooManyNanos64 = withUnsafeBytes(of: (UInt64(1_000_000_000) << 34).bigEndian) { Array($0) }
        let tooManyNanos96 = withUnsafeBytes(of: UInt32(1_000_000_000).bigEndian) { Array($0) } + [UInt8](repeating: 0, count: 8)
        let cases: [[UInt8]] = [
            [0xd4, 0xff, 0x00],
            [0xd5, 0xff, 0x00, 0x00],
            [0xd8, 0xff] + [UInt8](repeating: 0, count: 16),
            [0xc7, 0x03, 0xff, 0, 0, 0],
            [0xd7, 0xff] + tooManyNanos64,
            [0xc7, 0x0c, 0xff] + tooManyNanos96,
        ]
        for bytes in cases {
            #expect(messagePackError { _ = try decoder.decode(Date.self, from: bytes) }?.kind == .invalidTimestamp)
            #expect(messagePackError { _ = try decoder.decode(MessagePackTimestamp.self, from: bytes) }?.kind == .invalidTimestamp)
            #expect(messagePackError { _ = try decoder.decode(MessagePackValue.self, from: bytes) }?.kind == .invalidTimestamp)
            #expect(messagePackError { _ = try MessagePackRaw(validating: bytes) }?.kind == .invalidTimestamp)
        }
        #expect(throws: EncodingError.self) { try encoder.encode(MessagePackTimestamp(seconds: 0, nanoseconds: 1_000_000_000)) }
        #expect(messagePackError { _ = try decoder.decode(Date.self, from: [0xd6, 0x05, 0, 0, 0, 0]) }?.kind == .typeMismatch(expected: "timestamp", found: "ext"))
        #expect(messagePackError { _ = try decoder.decode(Date.self, from: [0xcb, 0, 0, 0, 0, 0, 0, 0, 0]) }?.kind == .typeMismatch(expected: "timestamp", found: "float64"))
    }

    @Test func trailingBytes() {
        let error = messagePackError { _ = try decoder.decode(Int.self, from: [0x01, 0x02, 0x03]) }
        #expect(error?.kind == .trailingBytes(2))
        #expect(error?.offset == 1)
        #expect(messagePackError { _ = try decoder.decode(CodingBehaviourTests.V1.self, from: encoder.encode(CodingBehaviourTests.V1(id: 1, name: "n")) + [0xc0]) }?.kind == .trailingBytes(1))
    }

    @Test func typeMismatchesNameTheCodingPath() throws {
        struct Goal: Decodable { var goal: String }
        struct Items: Decodable { var items: [Goal] }
        struct Root: Decodable { var body: Items }
        let good: MessagePackValue = ["goal": "g"]
        let payload: MessagePackValue = ["body": ["items": [good, good, good, ["goal": 42]]]]
        let error = messagePackError { _ = try decoder.decode(Root.self, from: encoder.encode(payload)) }
        #expect(error?.kind == .typeMismatch(expected: "str", found: "int"))
        #expect(error?.codingPath == "body.items[3].goal")
        #expect(error?.description == "MessagePack: type mismatch: expected str, found int at offset \(error?.offset ?? 0) (body.items[3].goal)")

        #expect(messagePackError { _ = try decoder.decode(UInt8.self, from: encoder.encode(300)) }?.kind == .integerOverflow)
        #expect(messagePackError { _ = try decoder.decode(UInt.self, from: encoder.encode(-1)) }?.kind == .integerOverflow)
        #expect(messagePackError { _ = try decoder.decode(Int.self, from: encoder.encode(1.0)) }?.kind == .typeMismatch(expected: "int", found: "float64"))
        #expect(messagePackError { _ = try decoder.decode(Float.self, from: encoder.encode(1e300)) }?.kind == .typeMismatch(expected: "float32", found: "float64 beyond the Float range"))
        #expect(messagePackError { _ = try decoder.decode(Data.self, from: encoder.encode([1, 2])) }?.kind == .typeMismatch(expected: "bin", found: "array"))
        #expect(messagePackError { _ = try decoder.decode([Int].self, from: encoder.encode(["a": 1])) }?.kind == .typeMismatch(expected: "array", found: "map"))
        #expect(messagePackError { _ = try decoder.decode(Bool.self, from: encoder.encode("true")) }?.kind == .typeMismatch(expected: "bool", found: "str"))
        let arrayEnd = messagePackError { _ = try decoder.decode([Int].self, from: [0x92, 0x01, 0xa1, 0x61]) }
        #expect(arrayEnd?.codingPath == "[1]")
        #expect(arrayEnd?.offset == 2)
    }

    @Test func randomBytesNeverTrap() {
        var generator = SplitMix64(seed: 0x5EED)
        let seeds = [try? encoder.encode(Everything()), try? encoder.encode(try sampleEnvelope())].compactMap { $0 }
        var outcomes = (ok: 0, failed: 0)
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0...48, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                bytes = seeds[round % seeds.count]
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            for decode in [
                { _ = try decoder.decode(MessagePackValue.self, from: bytes) },
                { _ = try decoder.decode(Envelope.self, from: bytes) },
                { _ = try decoder.decode(Everything.self, from: bytes) },
                { _ = try MessagePackRaw(validating: bytes) },
            ] as [() throws -> Void] {
                do {
                    try decode()
                    outcomes.ok += 1
                } catch {
                    outcomes.failed += 1
                }
            }
        }
        #expect(outcomes.ok > 0 && outcomes.failed > 0)
    }
}
