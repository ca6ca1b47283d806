internal import CZeroMQ

/// Z85 (ZeroMQ RFC 32) text encoding, as used for CURVE keys.
public enum Z85 {
    /// Encodes `bytes`; `nil` unless the length is a multiple of 4.
    public static func encode(_ bytes: [UInt8]) -> String? {
        guard bytes.count % 4 == 0 else { return nil }
        guard !bytes.isEmpty else { return "" }
        let length = bytes.count / 4 * 5
        var text = [CChar](repeating: 0, count: length + 1)
        let encoded = bytes.withUnsafeBufferPointer { zmq_z85_encode(&text, $0.baseAddress, bytes.count) }
        guard encoded != nil else { return nil }
        return String(decoding: text.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Decodes `string`; `nil` unless its length is a multiple of 5 and every character is in the alphabet.
    public static func decode(_ string: String) -> [UInt8]? {
        let utf8 = Array(string.utf8)
        guard utf8.count % 5 == 0, !utf8.contains(0) else { return nil }
        guard !utf8.isEmpty else { return [] }
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: utf8.count / 5 * 4) { buffer, count in
            failed = string.withCString { zmq_z85_decode(buffer.baseAddress, $0) } == nil
            count = failed ? 0 : buffer.count
        }
        return failed ? nil : bytes
    }
}
