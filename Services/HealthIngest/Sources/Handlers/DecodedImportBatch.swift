import Foundation
import MessagePack
import QuenchProtocol
import QuenchRuntime

/// The body of an `import.batch`, read from its MessagePack bytes by hand (``ImportBatchReader``):
/// 2000 samples through the generic decoder's keyed containers were a visible part of the
/// service's CPU during large imports. Any shape this reader
/// does not expect (an unknown key, a duplicate, another encoding of a field) is handed to
/// the generic decoder, so what is accepted and every error stay exactly as before.
struct DecodedImportBatch: DecodedRequest {
    let request: ImportBatchRequest

    init(from decoder: any Decoder) throws {
        let raw = try MessagePackRaw(from: decoder)
        if let fast = raw.bytes.withUnsafeBufferPointer({ bytes in
            var reader = ImportBatchReader(bytes: bytes)
            return reader.request()
        }) {
            request = fast
        } else {
            request = try raw.decode(ImportBatchRequest.self)
        }
    }
}
