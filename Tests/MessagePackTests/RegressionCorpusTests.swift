import Foundation
import MessagePack
import Testing

/// Hostile inputs (and every input a fuzzer crash left in `Regressions/`) decode to a value
/// or a `MessagePackError`: never a crash, never an allocation beyond the limits.
struct RegressionCorpusTests {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Regressions")
    }

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".msgpack") }.sorted()
    }

    @Test("the regression corpus is there")
    func corpusExists() {
        #expect(Self.inputs.count >= 12)
    }

    @Test("each regression input is refused cleanly or decodes", arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let limits = MessagePackLimits(maxDepth: 32, maxStringLength: 1 << 20, maxBinaryLength: 1 << 20, maxContainerCount: 100_000)
        do {
            _ = try MessagePackDecoder(limits: limits).decode(MessagePackValue.self, from: bytes)
            // Only inputs that are valid MessagePack may decode.
            #expect(!name.contains("huge") && !name.contains("deep") && !name.contains("truncated") && !name.contains("bad"), "\(name) decoded")
        } catch {
            #expect(error is MessagePackError, "\(name): \(error)")
        }
    }
}
