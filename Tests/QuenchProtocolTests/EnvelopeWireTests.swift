import Foundation
import MessagePack
import QuenchProtocol
import Testing
import QuenchTestSupport

/// The hand-written envelope coding (`encoded()`, `Envelope.decode(_:)`) against the `Codable`
/// conformance through the generic coder, which it must match byte for byte and error for error.
@Suite("Envelope wire coding")
struct EnvelopeWireTests {
    /// The wire limits without the unique-string-keys rule, which the generic decoder does
    /// not apply: the two paths are compared under these.
    static let lenient: MessagePackLimits = {
        var limits = Envelope.wireLimits
        limits.requireUniqueStringKeys = false
        return limits
    }()
    static let generic = MessagePackDecoder(limits: lenient)

    static func genericBytes(_ envelope: Envelope) throws -> [UInt8] {
        try MessagePackEncoder().encode(envelope)
    }

    /// The outcome of a decode, comparable across the two paths.
    enum Outcome: Equatable {
        case value(Envelope)
        case failure(MessagePackError)
        case other(String)
    }

    static func outcome(_ body: () throws -> Envelope) -> Outcome {
        do {
            return .value(try body())
        } catch let error as MessagePackError {
            return .failure(error)
        } catch {
            return .other("\(error)")
        }
    }

    /// The hand-written decoder matches the generic one under the same (lenient) limits; under
    /// the wire limits it does the same or refuses a key that is not a str or appears twice.
    static func expectSameDecode(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = outcome { try Envelope.decode(bytes, limits: lenient) }
        let slow = outcome { try generic.decode(Envelope.self, from: bytes) }
        #expect(fast == slow, "input \(bytes.map { String($0, radix: 16) }.joined(separator: " "))", sourceLocation: sourceLocation)
        let strict = outcome { try Envelope.decode(bytes) }
        if strict != fast, case .failure(let error) = strict {
            switch error.kind {
            case .nonStringKey, .duplicateKey: break
            default: Issue.record("strict: \(error), lenient: \(fast)", sourceLocation: sourceLocation)
            }
        } else {
            #expect(strict == fast, sourceLocation: sourceLocation)
        }
    }

    static let base = Envelope(
        id: "0b9e5c1a-3f7d-4c2e-9a61-5d8f2b7e4c10", type: "intake.log",
        sentAt: Date(timeIntervalSince1970: 1_795_341_600.25))

    /// Every combination of the optional fields, present or absent.
    static var everyCombination: [Envelope] {
        (0..<256).map { mask in
            var envelope = base
            if mask & 1 != 0 { envelope.user = "ana" }
            if mask & 2 != 0 { envelope.timeZone = "Europe/Berlin" }
            if mask & 4 != 0 { envelope.idempotencyKey = "6f1c2a7e-5b0d-4f3e-9a84-2c7d1e0b5a93" }
            if mask & 8 != 0 { envelope.replyTo = "7c41d2e8-9b3a-4f15-8e62-1a0c5b9d3f27" }
            if mask & 16 != 0 { envelope.body = try? MessagePackRaw(encoding: LogIntakeRequest(fluid: "coffee", volume: 250, unit: "ml")) }
            if mask & 32 != 0 { envelope.error = WireError(code: .invalidArgument, message: "must be greater than 0 mL", field: mask & 64 != 0 ? "volume" : nil) }
            if mask & 64 != 0 { envelope.publisher = "intake" }
            if mask & 128 != 0 { envelope.seq = mask & 1 != 0 ? 17 : UInt64.max }
            return envelope
        }
    }

    @Test("every combination of optional fields encodes as the generic encoder does and decodes back")
    func everyOptionalField() throws {
        for envelope in Self.everyCombination {
            let bytes = try envelope.encoded()
            #expect(bytes == (try Self.genericBytes(envelope)))
            #expect(try Envelope.decode(bytes) == envelope)
            #expect(try Self.generic.decode(Envelope.self, from: bytes) == envelope)
        }
    }

    @Test("values at the edges of their encodings: versions, string lengths, the three timestamp forms")
    func edges() throws {
        let dates = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 4_294_967_295), Date(timeIntervalSince1970: 4_294_967_296.5),
            Date(timeIntervalSince1970: 17_179_869_184), Date(timeIntervalSince1970: -1.5), Date(timeIntervalSince1970: 1_795_341_600.123456),
        ]
        let strings = ["", "é", String(repeating: "a", count: 31), String(repeating: "b", count: 32), String(repeating: "c", count: 255),
                       String(repeating: "d", count: 256), String(repeating: "e", count: 70_000), "🎉 héllo"]
        for (index, date) in dates.enumerated() {
            for (other, text) in strings.enumerated() {
                let envelope = Envelope(
                    version: [1, 0, -1, 127, 128, -33, 65_536, Int.max, Int.min][(index + other) % 9],
                    id: text, type: strings[(other + 1) % strings.count], user: text, sentAt: date,
                    timeZone: text, replyTo: text, body: try MessagePackRaw(encoding: [text]), publisher: text,
                    seq: [0, 1, 255, 256, 65_536, UInt64(UInt32.max) + 1][other % 6])
                let bytes = try envelope.encoded()
                #expect(bytes == (try Self.genericBytes(envelope)))
                #expect(try Envelope.decode(bytes) == envelope)
            }
        }
    }

    @Test("a date without a timestamp fails to encode, as with the generic encoder")
    func unencodableDate() {
        var envelope = Self.base
        envelope.sentAt = Date(timeIntervalSinceReferenceDate: .infinity)
        // Checked by hand: describing the error would print the date, which traps for infinity.
        func refused(_ body: () throws -> [UInt8]) -> Bool {
            do { _ = try body() } catch is EncodingError { return true } catch {}
            return false
        }
        #expect(refused { try envelope.encoded() })
        #expect(refused { try Self.genericBytes(envelope) })
    }

    /// A map built entry by entry, for inputs the encoder would never write.
    static func map(_ entries: [(MessagePackValue, MessagePackValue)]) throws -> [UInt8] {
        try MessagePackEncoder().encode(MessagePackValue.map(entries.map { MessagePackMapEntry(key: $0.0, value: $0.1) }))
    }

    static let required: [(MessagePackValue, MessagePackValue)] = [
        ("v", 1), ("id", "x"), ("type", "system.ping"), ("sentAt", .timestamp(MessagePackTimestamp(seconds: 1_795_341_600, nanoseconds: 0))),
    ]

    @Test("without the wire's key rule, unknown keys of any type are ignored and a repeated key keeps its first value; nil optionals are absent")
    func unknownAndRepeatedKeys() throws {
        let cases: [[(MessagePackValue, MessagePackValue)]] = [
            Self.required + [("future", ["a": [1, 2, 3]]), (7, "int key"), (-3, nil), ([1, 2], "array key"), (["k": 1], 2.5)],
            Self.required + [("user", "ana"), ("user", "bob"), ("id", "second")],
            Self.required + [("user", nil), ("tz", nil), ("body", nil), ("error", nil), ("seq", nil), ("publisher", nil)],
            Self.required + [("Body", 1), ("bodyx", 2), ("i", 3), ("ids", 4), ("sentat", 5), ("idempotencyKez", 6)],
            Array(Self.required.reversed()) + [("body", ["nested": ["deep": [true, false]]])],
            Self.required + [("v", "ignored repeat of v"), ("type", 3)],
        ]
        for (index, entries) in cases.enumerated() {
            let bytes = try Self.map(entries)
            Self.expectSameDecode(bytes)
            #expect(throws: Never.self) { try Envelope.decode(bytes, limits: Self.lenient) }
            // On the wire (cases 0, 1 and 5 repeat a key or have keys that are not str) they are refused.
            if [0, 1, 5].contains(index) {
                #expect(throws: MessagePackError.self) { try Envelope.decode(bytes) }
            } else {
                #expect(throws: Never.self) { try Envelope.decode(bytes) }
            }
        }
        let repeated = try Envelope.decode(try Self.map(Self.required + [("user", "ana"), ("user", "bob")]), limits: Self.lenient)
        #expect(repeated.user == "ana")
        let nils = try Envelope.decode(try Self.map(Self.required + [("user", nil), ("body", nil)]))
        #expect(nils.user == nil && nils.body == nil)
    }

    @Test("malformed envelopes fail with the generic decoder's error: kind, offset and field")
    func malformed() throws {
        let timestamp = MessagePackValue.timestamp(MessagePackTimestamp(seconds: 1, nanoseconds: 0))
        let cases: [[(MessagePackValue, MessagePackValue)]] = [
            [("id", "x"), ("type", "t"), ("sentAt", timestamp)],                       // no v
            [("v", 1), ("type", "t"), ("sentAt", timestamp)],                          // no id
            [("v", 1), ("id", "x"), ("type", "t")],                                    // no sentAt
            Self.required.map { $0.0 == "v" ? ("v", "one") : $0 },                     // v not an int
            Self.required.map { $0.0 == "v" ? ("v", .uint(UInt64.max)) : $0 },         // v overflows Int
            Self.required.map { $0.0 == "id" ? ("id", nil) : $0 },                     // required nil
            Self.required.map { $0.0 == "sentAt" ? ("sentAt", 5) : $0 },               // not a timestamp
            Self.required.map { $0.0 == "sentAt" ? ("sentAt", .ext(type: -1, data: [1, 2, 3])) : $0 },
            Self.required + [("user", 5)],
            Self.required + [("seq", -1)],
            Self.required + [("error", ["code": "x"])],                                 // error.message missing
            Self.required + [("error", ["code": 5, "message": "m"])],
            Self.required + [("error", "not a map")],
            Self.required + [("body", .ext(type: -1, data: [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]))],  // bad nanoseconds inside body
        ]
        for entries in cases {
            let bytes = try Self.map(entries)
            Self.expectSameDecode(bytes)
            #expect(throws: MessagePackError.self) { try Envelope.decode(bytes) }
        }
        let missing = messagePackError { _ = try Envelope.decode(try Self.map([("id", "x"), ("type", "t"), ("sentAt", timestamp)])) }
        #expect(missing?.kind == .keyNotFound("v"))
        let wrongType = messagePackError { _ = try Envelope.decode(try Self.map(Self.required + [("user", 5)])) }
        #expect(wrongType?.codingPath == "user")
        let inError = messagePackError { _ = try Envelope.decode(try Self.map(Self.required + [("error", ["code": 5, "message": "m"])])) }
        #expect(inError?.codingPath == "error.code")

        let raw: [[UInt8]] = [
            [], [0x90], [0xc0], [0xc1], [0x81], [0x81, 0xa1], [0x81, 0xa1, 0xff, 0x01],      // not maps, truncated, bad UTF-8 key
            [0x8f, 0x01], [0xdf, 0xff, 0xff, 0xff, 0xff, 0x01],                              // counts beyond the input
            try Self.map(Self.required) + [0x00],                                              // trailing byte
            try Self.map(Self.required + [("body", .string(String(repeating: "x", count: 10)))]).dropLast(1).map { $0 },
        ]
        for bytes in raw { Self.expectSameDecode(bytes) }

        // The body is checked in the first pass but reported in field order: a bad body written
        // before a bad `id` still yields the `id` error, as the generic decoder reports it.
        let badTimestamp: MessagePackValue = .ext(type: -1, data: [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0])
        let idNil = Self.required.map { $0.0 == "id" ? ("id", nil) : $0 }
        var badUTF8 = try Self.map([("body", ["k": "ab"])] + Self.required)
        let text = badUTF8.firstIndex(of: 0xa2)! + 1
        badUTF8[text] = 0xc3
        badUTF8[text + 1] = 0x28
        var badUTF8IdNil = try Self.map([("body", ["k": "ab"])] + idNil)
        badUTF8IdNil[text] = 0xc3
        badUTF8IdNil[text + 1] = 0x28
        let ordered: [[UInt8]] = [try Self.map([("body", badTimestamp)] + idNil), badUTF8, badUTF8IdNil]
        for bytes in ordered { Self.expectSameDecode(bytes) }
        #expect(messagePackError { _ = try Envelope.decode(ordered[0]) }?.codingPath == "id")
        let inBody = messagePackError { _ = try Envelope.decode(badUTF8) }
        #expect(inBody?.kind == .invalidUTF8 && inBody?.codingPath == "body")
        #expect(messagePackError { _ = try Envelope.decode(badUTF8IdNil) }?.codingPath == "id")
    }

    @Test("nesting beyond the wire depth limit is refused in the body and in unknown keys")
    func depth() throws {
        var deep: [UInt8] = Array(repeating: 0x91, count: 40) + [0x01]
        var bytes = try Self.map(Self.required).dropFirst().map { $0 }
        bytes = [0x85] + bytes + [0xa4] + Array("body".utf8) + deep
        Self.expectSameDecode(bytes)
        #expect(messagePackError { _ = try Envelope.decode(bytes) }?.kind == .depthExceeded)
        deep = Array(repeating: 0x91, count: 31) + [0x01]
        bytes = [0x85] + (try Self.map(Self.required).dropFirst()) + [0xa4] + Array("body".utf8) + deep
        Self.expectSameDecode(bytes)
        bytes[bytes.count - deep.count - 5] = 0xa4
        bytes.replaceSubrange((bytes.count - deep.count - 4)..<(bytes.count - deep.count), with: Array("junk".utf8))
        Self.expectSameDecode(bytes)
    }

    @Test("every truncation and every single-byte change of real envelopes: same outcome as the generic decoder, no trap")
    func mutations() throws {
        var generator = SplitMix64(seed: 0x5eed)
        let seeds = try [
            Self.everyCombination[255].encoded(), Self.everyCombination[0b1_0111].encoded(), Self.everyCombination[0b1110_1000].encoded(),
        ]
        for seed in seeds {
            for length in 0..<seed.count { Self.expectSameDecode(Array(seed.prefix(length))) }
            for position in seed.indices {
                for value in [UInt8(0x00), 0xc0, 0xc1, 0xff, 0xd9, 0xdf, 0x8f, UInt8(truncatingIfNeeded: generator.next())] {
                    var mutated = seed
                    mutated[position] = value
                    Self.expectSameDecode(mutated)
                }
            }
        }
    }

    func messagePackError(_ body: () throws -> Void) -> MessagePackError? {
        do {
            try body()
        } catch let error as MessagePackError {
            return error
        } catch {
            Issue.record("not a MessagePackError: \(error)")
        }
        return nil
    }
}
