import Foundation
import MessagePack
import QuenchProtocol
import Testing

@Suite("Envelope")
struct EnvelopeTests {
    /// The bytes of the `system.ping` example in docs/PROTOCOL.md §3.
    static let documentedPing = """
        85 a1 76 01 a2 69 64 d9 24 30 62 39 65 35 63 31 61 2d 33 66 37 64 2d 34 63 32 65 2d 39 61 36 31 2d \
        35 64 38 66 32 62 37 65 34 63 31 30 a4 74 79 70 65 ab 73 79 73 74 65 6d 2e 70 69 6e 67 a6 73 65 \
        6e 74 41 74 d6 ff 6b 02 bd 20 a2 74 7a ad 45 75 72 6f 70 65 2f 42 65 72 6c 69 6e
        """

    static func bytes(_ hex: String) -> [UInt8] {
        hex.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { UInt8($0, radix: 16) }
    }

    @Test("the documented ping request is exactly what the encoder writes, and reads back")
    func documentedBytes() throws {
        let ping = Envelope(
            id: "0b9e5c1a-3f7d-4c2e-9a61-5d8f2b7e4c10", type: MessageDescriptor.systemPing.name,
            sentAt: Date(timeIntervalSince1970: 1_795_341_600), timeZone: "Europe/Berlin")
        let expected = Self.bytes(Self.documentedPing)
        #expect(expected.count == 92)
        #expect(try ping.encoded() == expected)
        #expect(try Envelope.decode(expected) == ping)
    }

    @Test("the documented doc file still holds those bytes")
    func docHoldsBytes() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        #expect(text.contains("d6 ff 6b 02 bd 20"))
        #expect(text.contains("(92 bytes)"))
    }

    @Test("a batch event body starts with the bytes docs/PROTOCOL.md shows")
    func documentedBatchBody() throws {
        let sample = WaterRecordedBody(
            user: "ana", sampleId: "94fbf90238336b19", volumeMl: 250, at: Date(timeIntervalSince1970: 1_760_194_800),
            day: "2025-10-11", timeZone: "America/Los_Angeles", source: "Waterllama")
        let body = try MessagePackRaw(encoding: WaterBatchRecordedBody(user: "ana", samples: [sample, sample]))
        let prefix = "82 a4 75 73 65 72 a3 61 6e 61 a7 73 61 6d 70 6c 65 73 92 87"
        #expect(Array(body.bytes.prefix(20)) == Self.bytes(prefix))
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/PROTOCOL.md")
        #expect(try String(contentsOf: doc, encoding: .utf8).contains("`" + prefix + " …`"))
    }

    @Test("a reply answers its request; an error reply has no body")
    func replies() throws {
        let request = try Envelope.request(type: "intake.log", body: ["volume": 250.0], user: "ana", idempotencyKey: "k")
        let reply = request.reply(error: WireError(code: .invalidArgument, message: "no", field: "volume"))
        let decoded = try Envelope.decode(try reply.encoded())
        #expect(decoded.replyTo == request.id)
        #expect(decoded.body == nil)
        #expect(decoded.error?.errorCode == .invalidArgument)
        #expect(WireError(code: "from_the_future", message: "").errorCode == .internal)
    }

    @Test("amounts as people type them")
    func amounts() {
        #expect(VolumeAmount.parse("250")! == (250, .milliliter))
        #expect(VolumeAmount.parse("0.5l")! == (0.5, .liter))
        #expect(VolumeAmount.parse("12 fl oz")! == (12, .usFluidOunce))
        #expect(VolumeAmount.parse("12oz")!.unit.toMicrolitres(12) == 354_882)
        #expect(VolumeAmount.parse("lots") == nil)
        #expect(VolumeAmount.parse("5 cups") == nil)
    }
}
