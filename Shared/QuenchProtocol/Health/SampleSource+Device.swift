import Foundation

extension SampleSource {
    /// Apple writes devices as `<<HKDevice: 0x283a54f00>, name:iPhone, manufacturer:Apple Inc., …>`;
    /// the object address differs from record to record, so it is dropped and the rest kept
    /// (`name:iPhone, manufacturer:Apple Inc., …`). Other text is returned as it is.
    public static func normalizedDevice(_ raw: String) -> String {
        var text = raw
        let kept = text.withUTF8 { bytes in
            normalizedRange(bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
        return kept ?? raw
    }

    /// Whether `raw` normalises to `normalized`, without making the normalised text: an
    /// import compares each record's device with the few its batch has seen.
    public static func device(_ raw: String, normalizesTo normalized: String) -> Bool {
        var raw = raw
        var normalized = normalized
        return raw.withUTF8 { bytes in
            let range = normalizedRange(bytes) ?? 0..<bytes.count
            return normalized.withUTF8 { expected in
                guard range.count == expected.count else { return false }
                return range.isEmpty || memcmp(bytes.baseAddress! + range.lowerBound, expected.baseAddress!, range.count) == 0
            }
        }
    }

    /// The bytes of an `HKDevice` description that are kept (nil for other text, which is kept
    /// whole). A byte scan: the generic `firstRange(of:)`, or walking `String.Index`es, costs
    /// more than parsing the whole record.
    private static func normalizedRange(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard bytes.starts(with: "<<HKDevice:".utf8) else { return nil }
        var index = 2
        while index < bytes.count {
            if bytes[index - 2] == UInt8(ascii: ">"), bytes[index - 1] == UInt8(ascii: ","), bytes[index] == UInt8(ascii: " ") {
                let start = index + 1
                var end = bytes.count
                if start != end, bytes[end - 1] == UInt8(ascii: ">") {
                    end -= 1
                }
                return start..<end
            }
            index += 1
        }
        return nil
    }
}
