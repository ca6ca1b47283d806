import Foundation
import MessagePack
import Testing

@Suite struct CodingBehaviourTests {
    struct V1: Codable, Equatable {
        var id: Int
        var name: String
    }

    struct V2: Codable, Equatable {
        var id: Int
        var name: String
        var email: String?
        var tags: [String]?
        var extra: [String: MessagePackValue]
    }

    @Test func unknownKeysAreIgnored() throws {
        let newer = V2(id: 1, name: "a", email: "e", tags: ["t"], extra: ["x": [1, 2, ["deep": true]]])
        #expect(try decoder.decode(V1.self, from: encoder.encode(newer)) == V1(id: 1, name: "a"))
    }

    @Test func decodeIfPresentTreatsMissingAndNilAsNil() throws {
        let missing: MessagePackValue = ["id": 1, "name": "a", "extra": [:]]
        let explicitNil: MessagePackValue = ["id": 1, "name": "a", "email": nil, "tags": nil, "extra": [:]]
        for value in [missing, explicitNil] {
            let decoded = try decoder.decode(V2.self, from: encoder.encode(value))
            #expect(decoded == V2(id: 1, name: "a", email: nil, tags: nil, extra: [:]))
        }
    }

    @Test func missingRequiredKeyNamesTheKeyAndPath() throws {
        let value: MessagePackValue = ["outer": ["id": 1]]
        struct Outer: Decodable { var outer: V1 }
        let error = messagePackError { _ = try decoder.decode(Outer.self, from: encoder.encode(value)) }
        #expect(error?.kind == .keyNotFound("name"))
        #expect(error?.codingPath == "outer")
        #expect(error?.offset == 7)
    }

    @Test func nilForNonOptionalIsValueNotFound() throws {
        let error = messagePackError { _ = try decoder.decode(V1.self, from: encoder.encode(["id": nil, "name": "a"] as MessagePackValue)) }
        #expect(error?.kind == .valueNotFound)
        #expect(error?.codingPath == "id")
    }

    @Test func integerKeysAndStringKeysBothMatchIntCodingKeys() throws {
        #expect(try decoder.decode([Int: String].self, from: encoder.encode(["1": "a", "-2": "b"] as MessagePackValue)) == [1: "a", -2: "b"])
        #expect(try decoder.decode([String: Int].self, from: encoder.encode([7: 1] as MessagePackValue)) == ["7": 1])
    }

    @Test func duplicateKeysUseTheFirstEntry() throws {
        let small: MessagePackValue = ["id": 1, "name": "first", "name": "second"]
        #expect(try decoder.decode(V1.self, from: encoder.encode(small)).name == "first")
        var entries = (0..<40).map { MessagePackMapEntry(key: .string("k\($0)"), value: .int(Int64($0))) }
        entries.append(MessagePackMapEntry(key: "id", value: 1))
        entries.append(MessagePackMapEntry(key: "name", value: "first"))
        entries.append(MessagePackMapEntry(key: "name", value: "second"))
        #expect(try decoder.decode(V1.self, from: encoder.encode(MessagePackValue.map(entries))).name == "first")
        #expect(try decoder.decode([String: Int].self, from: encoder.encode(["a": 1, "a": 2] as MessagePackValue)) == ["a": 1])
    }

    @Test func largeMapsUseTheIndex() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<5000).map { ("key-\($0)", $0) })
        #expect(try decoder.decode([String: Int].self, from: encoder.encode(dictionary)) == dictionary)
        let ints = Dictionary(uniqueKeysWithValues: (0..<5000).map { ($0 * 7 - 9000, "\($0)") })
        #expect(try decoder.decode([Int: String].self, from: encoder.encode(ints)) == ints)
    }

    /// Uses nested containers, writes to the parent after them, and a super encoder.
    final class Custom: Codable, Equatable {
        var a: Int
        var inner: [Int]
        var point: (x: Int, y: Int)
        var base: String

        init(a: Int, inner: [Int], point: (x: Int, y: Int), base: String) {
            (self.a, self.inner, self.point, self.base) = (a, inner, point, base)
        }

        static func == (l: Custom, r: Custom) -> Bool {
            l.a == r.a && l.inner == r.inner && l.point == r.point && l.base == r.base
        }

        enum Keys: String, CodingKey { case a, inner, point, x, y, tail }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedUnkeyedContainer(forKey: .inner)
            for value in self.inner { try inner.encode(value) }
            var point = container.nestedContainer(keyedBy: Keys.self, forKey: .point)
            try point.encode(self.point.x, forKey: .x)
            try point.encode(self.point.y, forKey: .y)
            try base.encode(to: container.superEncoder())
            try container.encode(a, forKey: .a)
            _ = container.superEncoder(forKey: .tail)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            var inner = try container.nestedUnkeyedContainer(forKey: .inner)
            var values: [Int] = []
            while !inner.isAtEnd { values.append(try inner.decode(Int.self)) }
            self.inner = values
            let point = try container.nestedContainer(keyedBy: Keys.self, forKey: .point)
            self.point = (try point.decode(Int.self, forKey: .x), try point.decode(Int.self, forKey: .y))
            base = try String(from: container.superDecoder())
            a = try container.decode(Int.self, forKey: .a)
            #expect(try container.decode(MessagePackValue.self, forKey: .tail) == [:])
        }
    }

    @Test func nestedContainersAndSuperEncoders() throws {
        let value = Custom(a: 5, inner: [1, 2, 3], point: (7, 8), base: "base")
        let bytes = try roundTrip(value)
        let dynamic = try decoder.decode(MessagePackValue.self, from: bytes)
        #expect(dynamic == ["inner": [1, 2, 3], "point": ["x": 7, "y": 8], "super": "base", "a": 5, "tail": [:]])
    }

    @Test func misusedContainersThrowInsteadOfWritingGarbage() throws {
        struct TwoSingles: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            }
        }
        #expect(throws: EncodingError.self) { try encoder.encode(TwoSingles()) }

        struct StaleContainer: Encodable {
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.unkeyedContainer()
                var first = outer.nestedUnkeyedContainer()
                try first.encode(1)
                try outer.encode(2)
                try first.encode(3)
            }
        }
        #expect(throws: EncodingError.self) { try encoder.encode(StaleContainer()) }
    }

    @Test func rawEnvelopeBodyRoundTrips() throws {
        let envelope = try sampleEnvelope()
        let bytes = try encoder.encode(envelope)
        let decoded = try decoder.decode(Envelope.self, from: bytes)
        #expect(decoded == envelope)
        #expect(try decoded.body.decode(Body.self) == sampleBody())
        #expect(bytes.count < 200 + envelope.body.bytes.count)
    }

    @Test func rawValidation() throws {
        #expect(try MessagePackRaw(validating: [0x92, 0x01, 0xa1, 0x61]).bytes == [0x92, 0x01, 0xa1, 0x61])
        #expect(MessagePackRaw.nil.bytes == [0xc0])
        #expect(messagePackError { _ = try MessagePackRaw(validating: []) }?.kind == .invalidRaw)
        #expect(messagePackError { _ = try MessagePackRaw(validating: [0x01, 0x02]) }?.kind == .invalidRaw)
        #expect(messagePackError { _ = try MessagePackRaw(validating: [0x92, 0x01, 0xcd, 0x01]) }?.kind == .truncated)
        #expect(messagePackError { _ = try MessagePackRaw(validating: [0x92, 0x01]) }?.kind == .lengthBeyondInput(declared: 2, available: 1))
        #expect(messagePackError { _ = try MessagePackRaw(validating: [0xa1, 0xff]) }?.kind == .invalidUTF8)
        #expect(try MessagePackRaw(encoding: ["a": 1]).decode([String: Int].self) == ["a": 1])
        #expect(try MessagePackScanner.skipValue(in: [0x01, 0x92, 0x01, 0x02, 0x03], at: 1) == 4)
    }

    @Test func rawDecodingIsBoundedByLimits() throws {
        struct Holder: Codable { var body: MessagePackRaw }
        let deep = MessagePackValue.array([.array([.array([1])])])
        let bytes = try encoder.encode(Holder(body: try MessagePackRaw(encoding: deep)))
        let strict = MessagePackDecoder(limits: MessagePackLimits(maxDepth: 3))
        #expect(messagePackError { _ = try strict.decode(Holder.self, from: bytes) }?.kind == .depthExceeded)
        #expect(try MessagePackDecoder(limits: MessagePackLimits(maxDepth: 4)).decode(Holder.self, from: bytes).body.bytes.count == 4)
    }

    @Test func otherCodersSeeNaturalValues() throws {
        struct Holder: Codable, Equatable {
            var raw: MessagePackRaw
            var value: MessagePackValue
            var stamp: MessagePackTimestamp
        }
        let holder = Holder(raw: try MessagePackRaw(encoding: ["a": [1, 2]]), value: ["k": [true, "s", 1.5]], stamp: .init(seconds: 3, nanoseconds: 4))
        let json = try JSONEncoder().encode(holder)
        let text = String(decoding: json, as: UTF8.self)
        #expect(text.contains("\"raw\":{\"a\":[1,2]}"))
        let back = try JSONDecoder().decode(Holder.self, from: json)
        #expect(back == holder)
    }

    @Test func userInfoReachesCodableImplementations() throws {
        let key = CodingUserInfoKey(rawValue: "unit")!
        struct Probe: Codable {
            var unit: String
            init(unit: String) { self.unit = unit }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[CodingUserInfoKey(rawValue: "unit")!] as? String ?? "none")
            }
            init(from decoder: any Decoder) throws {
                unit = decoder.userInfo[CodingUserInfoKey(rawValue: "unit")!] as? String ?? "none"
            }
        }
        var encoder = MessagePackEncoder()
        encoder.userInfo[key] = "ml"
        #expect(try encoder.encode(Probe(unit: "x")) == [0xa2, 0x6d, 0x6c])
        var decoder = MessagePackDecoder()
        decoder.userInfo[key] = "oz"
        #expect(try decoder.decode(Probe.self, from: [0xc0]).unit == "oz")
    }

    @Test func decodesFromSlicesAndData() throws {
        let bytes: [UInt8] = [0xff, 0x92, 0x01, 0x02, 0xff]
        #expect(try decoder.decode([Int].self, from: bytes[1..<4]) == [1, 2])
        #expect(try decoder.decode([Int].self, from: Data(bytes[1..<4])) == [1, 2])
        let error = messagePackError { _ = try decoder.decode([Int].self, from: bytes[1...]) }
        #expect(error?.kind == .trailingBytes(1))
        #expect(error?.offset == 3)
    }

    @Test func errorDescriptions() {
        let error = MessagePackError(.truncated, offset: 17, codingPath: "body.items[3].goal")
        #expect(error.description == "MessagePack: truncated input at offset 17 (body.items[3].goal)")
        #expect(MessagePackError(.invalidFormat(0xc1), offset: 0).description == "MessagePack: invalid format byte 0xc1 at offset 0")
    }
}
