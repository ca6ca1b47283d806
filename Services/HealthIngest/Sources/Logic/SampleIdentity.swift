/// The stable identity of a sample: SipHash-2-4 (fixed key) over a canonical byte form of
/// the fields that make two samples the same. Stored as a signed 64-bit integer; shown as
/// 16 hex digits (`sampleId`).
struct SampleIdentity {
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(96)
    }

    /// Empties the bytes, keeping their storage for the next identity.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
    }

    mutating func add(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0)
    }

    mutating func add(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ value: Double) {
        add(Int64(bitPattern: (value == 0 ? 0 : value).bitPattern))
    }

    var value: Int64 {
        Int64(bitPattern: SipHash24.hash(bytes, k0: 0x5175_656E_6368_4865, k1: 0x616C_7468_2D69_6431))
    }

    static func hex(_ identity: Int64) -> String {
        let text = String(UInt64(bitPattern: identity), radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    static func parse(hex: String) -> Int64? {
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        return Int64(bitPattern: value)
    }
}
