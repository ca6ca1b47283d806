import Foundation
import MessagePack
import Testing

/// `MessagePackWriter` and `MessagePackReader`, the pieces of hand-written coders.
@Suite struct ReaderWriterTests {
    @Test func writerMatchesTheEncoder() throws {
        for value in PythonConformanceTests.integers {
            var writer = MessagePackWriter()
            writer.write(value)
            #expect(writer.bytes == (try encoder.encode(value)))
            if value >= 0 {
                var unsigned = MessagePackWriter()
                unsigned.write(UInt64(value))
                #expect(unsigned.bytes == (try encoder.encode(UInt64(value))))
            }
        }
        for length in PythonConformanceTests.stringLengths {
            let text = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 2)
            var writer = MessagePackWriter()
            try writer.write(text)
            #expect(writer.bytes == (try encoder.encode(text)))
        }
        for (seconds, nanoseconds) in PythonConformanceTests.timestamps where seconds > -1_000_000_000_000 && seconds < 1_000_000_000_000 {
            let date = MessagePackTimestamp(seconds: seconds, nanoseconds: nanoseconds).date
            var writer = MessagePackWriter()
            try writer.write(date)
            #expect(writer.bytes == (try encoder.encode(date)))
        }
        for count in PythonConformanceTests.containerCounts {
            var map = MessagePackWriter()
            map.writeMapHeader(count)
            #expect(map.bytes == Array((try encoder.encode([String: Int]((0..<count).map { (String($0), 0) }, uniquingKeysWith: { a, _ in a }))).prefix(map.bytes.count)))
            var array = MessagePackWriter()
            array.writeArrayHeader(count)
            #expect(array.bytes == Array((try encoder.encode([Int](repeating: 0, count: count))).prefix(array.bytes.count)))
        }
        var writer = MessagePackWriter()
        writer.writeMapHeader(5)
        try writer.write("a"); writer.write(true)
        try writer.write("b"); writer.write(-0.1)
        try writer.write("c"); writer.writeNil()
        try writer.write("d"); writer.write(try MessagePackRaw(encoding: [1, 2]))
        try writer.write("e"); try writer.write(Everything(), encoder: encoder)
        let expected: MessagePackValue = ["a": true, "b": -0.1, "c": nil, "d": [1, 2], "e": try decoder.decode(MessagePackValue.self, from: try encoder.encode(Everything()))]
        #expect(writer.bytes == (try encoder.encode(expected)))
        // Checked by hand: describing the error would print the date, which traps for NaN.
        var refused = false
        do { try writer.write(Date(timeIntervalSinceReferenceDate: .nan)) } catch is EncodingError { refused = true } catch {}
        #expect(refused)
    }

    @Test func readerReadsWhatTheWriterWrote() throws {
        var writer = MessagePackWriter()
        writer.writeMapHeader(7)
        try writer.write("s"); try writer.write("héllo")
        try writer.write("i"); writer.write(-70_000)
        try writer.write("d"); writer.write(2.5)
        try writer.write("t"); try writer.write(Date(timeIntervalSince1970: 1_700_000_000.5))
        try writer.write("b"); writer.write(false)
        writer.write(7); try writer.write("integer key")
        try writer.write("r"); writer.write(try MessagePackRaw(encoding: ["x": [1, 2, 3]]))
        let bytes = writer.bytes
        try bytes.withUnsafeBytes { buffer in
            var reader = MessagePackReader(buffer)
            #expect(try reader.readMapHeader() == 7)
            #expect(reader.depth == 1)
            func key(_ expected: String?) throws {
                let key = try reader.readKey()
                #expect(key.map { String(decoding: $0, as: UTF8.self) } == expected)
            }
            try key("s"); #expect(try reader.readString() == "héllo")
            try key("i"); #expect(try reader.readInteger(Int32.self) == -70_000)
            try key("d"); #expect(try reader.readDouble() == 2.5)
            try key("t"); #expect(try reader.readDate() == Date(timeIntervalSince1970: 1_700_000_000.5))
            try key("b"); #expect(try reader.readBool() == false)
            try key(nil); #expect(try !reader.peekNil()); try reader.skipValue()
            try key("r"); #expect(try reader.readRaw() == (try MessagePackRaw(encoding: ["x": [1, 2, 3]])))
            #expect(reader.offset == bytes.count)
        }
    }

    @Test func readerReadsArrayHeaders() throws {
        for (bytes, count) in [([0x92, 0x01, 0x02] as [UInt8], 2), ([0xdc, 0x00, 0x01, 0xc0], 1), ([0xdd, 0x00, 0x00, 0x00, 0x00], 0)] {
            try bytes.withUnsafeBytes { buffer in
                var reader = MessagePackReader(buffer)
                #expect(try reader.readArrayHeader() == count)
                #expect(reader.depth == 1)
                for _ in 0..<count { try reader.skipValue() }
                #expect(reader.offset == bytes.count)
            }
        }
    }

    @Test func readerErrorsNameTheOffset() throws {
        func error(_ bytes: [UInt8], limits: MessagePackLimits = .default, _ body: (inout MessagePackReader) throws -> Void) -> MessagePackError? {
            bytes.withUnsafeBytes { buffer in
                var reader = MessagePackReader(buffer, limits: limits)
                return messagePackError { try body(&reader) }
            }
        }
        #expect(error([0x91, 0x01]) { _ = try $0.readMapHeader() }?.kind == .typeMismatch(expected: "map", found: "array"))
        #expect(error([0xc0]) { _ = try $0.readMapHeader() }?.kind == .valueNotFound)
        #expect(error([0x81, 0x01, 0x01]) { _ = try $0.readArrayHeader() }?.kind == .typeMismatch(expected: "array", found: "map"))
        #expect(error([0x91, 0x91, 0x01], limits: MessagePackLimits(maxDepth: 1)) { _ = try $0.readArrayHeader(); _ = try $0.readArrayHeader() }?.kind == .depthExceeded)
        #expect(error([0xdc, 0x00]) { _ = try $0.readArrayHeader() }?.kind == .truncated)
        #expect(error([]) { _ = try $0.readMapHeader() }?.kind == .truncated)
        #expect(error([0x81, 0x81, 0x80, 0x01], limits: MessagePackLimits(maxDepth: 1)) { _ = try $0.readMapHeader(); _ = try $0.readKey() }?.kind == .depthExceeded)
        #expect(error([0x81, 0x01, 0x01], limits: MessagePackLimits(maxDepth: 0)) { _ = try $0.readMapHeader() }?.kind == .depthExceeded)
        let badKey = error([0x81, 0xa2, 0xc3, 0x28, 0x01]) { _ = try $0.readMapHeader(); _ = try $0.readKey() }
        #expect(badKey?.kind == .invalidUTF8)
        #expect(badKey?.offset == 1)
        let longKey = error([0x81, 0xd9, 0x02, 0xff, 0xfe, 0x01]) { _ = try $0.readMapHeader(); _ = try $0.readKey() }
        #expect(longKey?.kind == .invalidUTF8)
        let truncatedKey = error([0x81, 0xa5, 0x61]) { _ = try $0.readMapHeader(); _ = try $0.readKey() }
        #expect(truncatedKey?.kind == .lengthBeyondInput(declared: 5, available: 1))
        #expect(truncatedKey?.offset == 1)
        let truncatedValue = error([0x81, 0xa1, 0x61, 0xd9, 0x10, 0x61]) { _ = try $0.readMapHeader(); _ = try $0.readKey(); try $0.skipValue() }
        #expect(truncatedValue?.kind == .lengthBeyondInput(declared: 16, available: 1))
        #expect(truncatedValue?.offset == 3)
        #expect(error([0xcb, 0, 0, 0]) { try $0.skipValue() }?.kind == .truncated)
        #expect(error([0xa1, 0xff]) { _ = try $0.readString() }?.kind == .invalidUTF8)
        #expect(error([0xcd, 0x01, 0x00]) { _ = try $0.readInteger(UInt8.self) }?.kind == .integerOverflow)
        #expect(error([0xd6, 0xfe, 0, 0, 0, 0]) { _ = try $0.readDate() }?.kind == .typeMismatch(expected: "timestamp", found: "ext"))
        #expect(error([0x91, 0xa1, 0xff]) { _ = try $0.readRaw() }?.offset == 1)
        let nested = error([0x81, 0xa1, 0x61, 0x81, 0xa1, 0x62, 0xa1, 0x63]) { reader in
            _ = try reader.readMapHeader(); _ = try reader.readKey()
            _ = try reader.decode([String: Int].self, key: "a")
        }
        #expect(nested?.codingPath == "a.b")
        #expect(nested?.offset == 6)
    }
}
