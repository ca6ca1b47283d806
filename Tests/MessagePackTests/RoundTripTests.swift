import Foundation
import MessagePack
import Testing

@Suite struct RoundTripTests {
    @Test(arguments: [
        Int64(-33), -32, -1, 0, 127, 128, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296,
        -128, -129, -32768, -32769, -2_147_483_648, -2_147_483_649, .min, .max,
    ])
    func signedIntegerBoundaries(value: Int64) throws {
        let bytes = try roundTrip(value)
        let expectedLength: Int = switch value {
        case -32...127: 1
        case -128 ..< -32, 128...255: 2
        case -32768 ..< -128, 256...65535: 3
        case -2_147_483_648 ..< -32768, 65536...4_294_967_295: 5
        default: 9
        }
        #expect(bytes.count == expectedLength)
        #expect(try decoder.decode(MessagePackValue.self, from: bytes) == .int(value))
    }

    @Test(arguments: [UInt64(0), 127, 128, 255, 256, 65535, 65536, 4_294_967_295, 4_294_967_296, .max])
    func unsignedIntegerBoundaries(value: UInt64) throws {
        let bytes = try roundTrip(value)
        #expect(try decoder.decode(MessagePackValue.self, from: bytes) == .uint(value))
    }

    @Test func exactBytes() throws {
        #expect(try encoder.encode(0) == [0x00])
        #expect(try encoder.encode(-1) == [0xff])
        #expect(try encoder.encode(-33) == [0xd0, 0xdf])
        #expect(try encoder.encode(128) == [0xcc, 0x80])
        #expect(try encoder.encode(256) == [0xcd, 0x01, 0x00])
        #expect(try encoder.encode(65536) == [0xce, 0x00, 0x01, 0x00, 0x00])
        #expect(try encoder.encode(Int64(1) << 32) == [0xcf, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(try encoder.encode(Int64.min) == [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0])
        #expect(try encoder.encode(UInt8(200)) == [0xcc, 0xc8])
        #expect(try encoder.encode(Int8(-100)) == [0xd0, 0x9c])
        #expect(try encoder.encode(true) == [0xc3])
        #expect(try encoder.encode(false) == [0xc2])
        #expect(try encoder.encode(Int?.none) == [0xc0])
        #expect(try encoder.encode("a") == [0xa1, 0x61])
        #expect(try encoder.encode("") == [0xa0])
        #expect(try encoder.encode(Float(1.5)) == [0xca, 0x3f, 0xc0, 0x00, 0x00])
        #expect(try encoder.encode(1.5) == [0xcb, 0x3f, 0xf8, 0, 0, 0, 0, 0, 0])
        #expect(try encoder.encode(Data([1, 2])) == [0xc4, 0x02, 0x01, 0x02])
        #expect(try encoder.encode([UInt8]([1, 2])) == [0x92, 0x01, 0x02])
        #expect(try encoder.encode([Int]()) == [0x90])
        #expect(try encoder.encode([String: Int]()) == [0x80])
        #expect(try encoder.encode(Date(timeIntervalSince1970: 0)) == [0xd6, 0xff, 0, 0, 0, 0])
        #expect(try encoder.encode(MessagePackValue.ext(type: 7, data: [1])) == [0xd4, 0x07, 0x01])
        #expect(try encoder.encode(MessagePackValue.ext(type: 7, data: [1, 2, 3])) == [0xc7, 0x03, 0x07, 1, 2, 3])

        struct Pair: Codable { var a = 1; var b = "x" }
        #expect(try encoder.encode(Pair()) == [0x82, 0xa1, 0x61, 0x01, 0xa1, 0x62, 0xa1, 0x78])
        struct Empty: Codable {}
        #expect(try encoder.encode(Empty()) == [0x80])
        #expect(try encoder.encode(["b": 2, "a": 1]) == [0x82, 0xa1, 0x61, 0x01, 0xa1, 0x62, 0x02])
        #expect(try encoder.encode([300: true, -1: false]) == [0x82, 0xff, 0xc2, 0xcd, 0x01, 0x2c, 0xc3])
    }

    @Test(arguments: [0, 31, 32, 255, 256, 65535, 65536])
    func stringLengths(length: Int) throws {
        let value = String(repeating: "s", count: length)
        let bytes = try roundTrip(value)
        let header: [UInt8] = switch length {
        case 0...31: [0xa0 | UInt8(length)]
        case 32...255: [0xd9, UInt8(length)]
        case 256...65535: [0xda, UInt8(length >> 8), UInt8(length & 0xff)]
        default: [0xdb, 0x00, 0x01, 0x00, 0x00]
        }
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(bytes.count == header.count + length)
    }

    @Test func multiByteStrings() throws {
        for value in ["é", "日本語", "🎉🎉", "mixed ascii and ünïcödé and 𝄞", "\u{0}nul"] {
            let bytes = try roundTrip(value)
            #expect(bytes.count == value.utf8.count + (value.utf8.count < 32 ? 1 : 2))
        }
    }

    @Test(arguments: [0, 1, 255, 256, 65535, 65536])
    func binaryLengths(length: Int) throws {
        let value = Data((0..<length).map { UInt8(truncatingIfNeeded: $0) })
        let bytes = try roundTrip(value)
        let header: [UInt8] = switch length {
        case 0...255: [0xc4, UInt8(length)]
        case 256...65535: [0xc5, UInt8(length >> 8), UInt8(length & 0xff)]
        default: [0xc6, 0x00, 0x01, 0x00, 0x00]
        }
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(try decoder.decode(MessagePackValue.self, from: bytes) == .binary([UInt8](value)))
    }

    @Test(arguments: [0, 15, 16, 65535, 65536])
    func arrayCounts(count: Int) throws {
        let value = (0..<count).map { $0 % 100 }
        let bytes = try roundTrip(value)
        let header: [UInt8] = switch count {
        case 0...15: [0x90 | UInt8(count)]
        case 16...65535: [0xdc, UInt8(count >> 8), UInt8(count & 0xff)]
        default: [0xdd, 0x00, 0x01, 0x00, 0x00]
        }
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(bytes.count == header.count + count)
    }

    @Test(arguments: [0, 15, 16, 65535, 65536])
    func mapCounts(count: Int) throws {
        let header: [UInt8] = switch count {
        case 0...15: [0x80 | UInt8(count)]
        case 16...65535: [0xde, UInt8(count >> 8), UInt8(count & 0xff)]
        default: [0xdf, 0x00, 0x01, 0x00, 0x00]
        }
        let wide = try roundTrip(WideMap(count: count))
        #expect(Array(wide.prefix(header.count)) == header)

        let dictionary = Dictionary(uniqueKeysWithValues: (0..<count).map { (WideMap.key($0), $0) })
        let bytes = try roundTrip(dictionary)
        #expect(bytes == wide, "a dictionary encodes like the same entries written in key order")
    }

    @Test(arguments: [
        (Int64(0), UInt32(0), 6), (1, 1, 10), (4_294_967_295, 0, 6), (4_294_967_295, 999_999_999, 10),
        (4_294_967_296, 0, 10), (17_179_869_183, 999_999_999, 10), (17_179_869_184, 0, 15),
        (-1, 0, 15), (-1, 999_999_999, 15), (.min, 0, 15), (.max, 999_999_999, 15),
    ])
    func timestampForms(seconds: Int64, nanoseconds: UInt32, length: Int) throws {
        let value = MessagePackTimestamp(seconds: seconds, nanoseconds: nanoseconds)
        let bytes = try roundTrip(value)
        #expect(bytes.count == length)
        #expect(try decoder.decode(MessagePackValue.self, from: bytes) == .timestamp(value))
    }

    @Test func datesKeepNanosecondPrecision() throws {
        let dates = [
            Date(timeIntervalSince1970: 0),
            Date(timeIntervalSince1970: 1_700_000_000.123456),
            Date(timeIntervalSince1970: 1_700_000_000.999_999_9),
            Date(timeIntervalSince1970: -0.5),
            Date(timeIntervalSince1970: -1_000_000_000.25),
            Date(timeIntervalSince1970: 4_294_967_296.75),
            Date(timeIntervalSince1970: 20_000_000_000),
            Date.distantPast,
            Date.distantFuture,
            Date(),
        ]
        for date in dates {
            try roundTrip(date)
        }
        #expect(MessagePackTimestamp(Date(timeIntervalSince1970: -0.5)) == MessagePackTimestamp(seconds: -1, nanoseconds: 500_000_000))
        #expect(MessagePackTimestamp(Date(timeIntervalSince1970: 1.25)).date == Date(timeIntervalSince1970: 1.25))
        #expect(try encoder.encode(Date(timeIntervalSince1970: -0.5)).count == 15)
    }

    @Test func floatingPoint() throws {
        for value in [0.0, -0.0, 1.5, -2.25, .pi, .greatestFiniteMagnitude, .leastNonzeroMagnitude, .infinity, -.infinity] {
            try roundTrip(value)
            try roundTrip(Float(value))
        }
        let nan = try decoder.decode(Double.self, from: try encoder.encode(Double.nan))
        #expect(nan.isNaN)
        #expect(try decoder.decode(Double.self, from: encoder.encode(Float(0.5))) == 0.5)
        #expect(try decoder.decode(Double.self, from: encoder.encode(-7)) == -7)
        #expect(try decoder.decode(Double.self, from: encoder.encode(UInt64.max)) == 18_446_744_073_709_551_615.0)
        #expect(try decoder.decode(Float.self, from: encoder.encode(0.25)) == 0.25)
    }

    @Test func integersDecodeFromAnyFormatThatFits() throws {
        #expect(try decoder.decode(Int8.self, from: [0xd3, 0, 0, 0, 0, 0, 0, 0, 0x05]) == 5)
        #expect(try decoder.decode(UInt8.self, from: [0xd0, 0x05]) == 5)
        #expect(try decoder.decode(Int64.self, from: [0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]) == .max)
        #expect(try decoder.decode(UInt16.self, from: [0xcc, 0xff]) == 255)
        #expect(try decoder.decode(Int.self, from: [0xe0]) == -32)
    }

    @Test func everythingRoundTrips() throws {
        let value = Everything()
        let bytes = try roundTrip(value)
        #expect(try encoder.encode(value) == bytes, "deterministic")
        let dynamic = try decoder.decode(MessagePackValue.self, from: bytes)
        #expect(try encoder.encode(dynamic) == bytes, "MessagePackValue reproduces the bytes")
    }

    @Test func nestedStructsEnumsAndOptionals() throws {
        try roundTrip(sampleBody())
        try roundTrip(try sampleEnvelope())
        try roundTrip([Shape.circle(radius: 1), .point, .labelled("a", 2), .rectangle(width: 1, height: 2)])
        try roundTrip([Priority.low, .high])
        try roundTrip([Colour.red: [Priority.low], .green: []])
        try roundTrip([String?.none, "x"])
        try roundTrip([[String: [Int?]]]([["a": [1, nil]], [:]]))
        try roundTrip(Set(0..<50))
    }

    @Test func keyedContainersWithSixteenOrMoreFieldsWiden() throws {
        let bytes = try roundTrip(Everything())
        #expect(bytes[0] == 0xde)
        #expect(bytes[1] == 0 && Int(bytes[2]) == Mirror(reflecting: Everything()).children.count - 1, "nil optionals are omitted")
    }
}
