import Foundation

/// The envelope's keys, recognised from their bytes.
enum WireField: Int {
    case version, id, type, user, sentAt, timeZone, idempotencyKey, replyTo, body, error, publisher, seq

    /// The key as written on the wire.
    var name: String {
        switch self {
        case .version: "v"
        case .id: "id"
        case .type: "type"
        case .user: "user"
        case .sentAt: "sentAt"
        case .timeZone: "tz"
        case .idempotencyKey: "idempotencyKey"
        case .replyTo: "replyTo"
        case .body: "body"
        case .error: "error"
        case .publisher: "publisher"
        case .seq: "seq"
        }
    }

    /// The field whose key is `key`, or nil for a key the envelope does not know.
    init?(_ key: UnsafeRawBufferPointer) {
        @inline(__always) func byte(_ i: Int) -> UInt8 { key[i] }
        @inline(__always) func matches(_ literal: StaticString) -> Bool {
            literal.utf8CodeUnitCount == key.count && memcmp(literal.utf8Start, key.baseAddress!, key.count) == 0
        }
        switch key.count {
        case 1: if byte(0) == UInt8(ascii: "v") { self = .version; return }
        case 2:
            if matches("id") { self = .id; return }
            if matches("tz") { self = .timeZone; return }
        case 3: if matches("seq") { self = .seq; return }
        case 4:
            if matches("type") { self = .type; return }
            if matches("user") { self = .user; return }
            if matches("body") { self = .body; return }
        case 5: if matches("error") { self = .error; return }
        case 6: if matches("sentAt") { self = .sentAt; return }
        case 7: if matches("replyTo") { self = .replyTo; return }
        case 9: if matches("publisher") { self = .publisher; return }
        case 14: if matches("idempotencyKey") { self = .idempotencyKey; return }
        default: break
        }
        return nil
    }
}

/// Where each known field's value starts in the input, or -1.
struct WireFields {
    private var offsets = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

    subscript(field: WireField) -> Int {
        get {
            withUnsafeBytes(of: offsets) { $0.load(fromByteOffset: field.rawValue * MemoryLayout<Int>.stride, as: Int.self) }
        }
        set {
            withUnsafeMutableBytes(of: &offsets) { $0.storeBytes(of: newValue, toByteOffset: field.rawValue * MemoryLayout<Int>.stride, as: Int.self) }
        }
    }
}
