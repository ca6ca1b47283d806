import Foundation
import MessagePack
import Testing

/// `MessagePackRaw.decode` reads bytes that were checked when the raw value was made, so it
/// does not check their text for UTF-8 a second time. Everything else is checked as for bytes
/// off the wire.
@Suite struct RawDecodingTests {
    struct Note: Codable, Equatable {
        var title: String
        var tags: [String]
        var nested: [String: [String]]
        var inner: MessagePackRaw?
    }

    @Test func decodesWhatBytesDecodeTo() throws {
        let inner = try MessagePackRaw(encoding: ["ünï": "cödé", "emoji": "💧"])
        let note = Note(title: "Wässer ☕️", tags: ["a", "ß", "水"], nested: ["κλειδί": ["τιμή", ""]], inner: inner)
        let bytes = try encoder.encode(note)
        let raw = try MessagePackRaw(validating: bytes)
        let fromRaw = try raw.decode(Note.self)
        #expect(fromRaw == (try decoder.decode(Note.self, from: bytes)))
        #expect(fromRaw == note)
        #expect(try fromRaw.inner?.decode([String: String].self) == ["ünï": "cödé", "emoji": "💧"])
        // A raw value read as a raw value is itself, whole or in a wrapper.
        #expect(try raw.decode(MessagePackRaw.self) == raw)
        #expect(try MessagePackRaw(encoding: ["x": raw]).decode([String: MessagePackRaw].self) == ["x": raw])
        #expect(messagePackError { _ = try MessagePackRaw(wellFormed: []).decode(MessagePackRaw.self) }?.kind == .truncated)
        let everything = try encoder.encode(Everything())
        #expect(try MessagePackRaw(validating: everything).decode(Everything.self) == Everything())
    }

    @Test func bytesOffTheWireAreStillCheckedForUTF8() throws {
        // {"title": <invalid UTF-8>, ...} straight from bytes: refused, as before.
        var bytes = try encoder.encode(Note(title: "ab", tags: [], nested: [:], inner: nil))
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "a")).flatMap { bytes[$0 + 1] == UInt8(ascii: "b") ? $0 : nil })
        bytes[index] = 0xff
        #expect(messagePackError { _ = try decoder.decode(Note.self, from: bytes) }?.kind == .invalidUTF8)
        // Such bytes never become a raw value through validation.
        #expect(messagePackError { _ = try MessagePackRaw(validating: bytes) }?.kind == .invalidUTF8)
    }

    @Test func aRawValuesBoundsLengthsAndNestingAreStillChecked() throws {
        // Raw values wrapped without a check (`wellFormed`) that are not well formed after all
        // fail cleanly: every truncation of a value throws rather than reading past the end.
        let bytes = try encoder.encode(Everything())
        for length in 1..<bytes.count {
            let truncated = MessagePackRaw(wellFormed: Array(bytes.prefix(length)))
            #expect(throws: (any Error).self) { try truncated.decode(Everything.self) }
            #expect(throws: (any Error).self) { try truncated.decode(MessagePackValue.self) }
        }
        // A declared length past the end.
        let long = MessagePackRaw(wellFormed: [0xdb, 0xff, 0xff, 0xff, 0xff, 0x61])
        #expect(messagePackError { _ = try long.decode(String.self) }?.kind == .lengthBeyondInput(declared: 0xffff_ffff, available: 1))
        // Nesting beyond the decoder's limit, inside a captured raw value too.
        var limits = MessagePackLimits.default
        limits.maxDepth = 8
        let deep = MessagePackRaw(wellFormed: [UInt8](repeating: 0x91, count: 20) + [0xc0])
        #expect(messagePackError { _ = try deep.decode(MessagePackValue.self, decoder: MessagePackDecoder(limits: limits)) }?.kind == .depthExceeded)
        let wrapped = MessagePackRaw(wellFormed: [0x81, 0xa1, 0x78] + deep.bytes)
        #expect(messagePackError { _ = try wrapped.decode([String: MessagePackRaw].self, decoder: MessagePackDecoder(limits: limits)) }?.kind == .depthExceeded)
        // String length limits hold.
        limits = .default
        limits.maxStringLength = 3
        let longString = try MessagePackRaw(encoding: "abcdef")
        #expect(throws: MessagePackError.self) { try longString.decode(String.self, decoder: MessagePackDecoder(limits: limits)) }
    }
}
