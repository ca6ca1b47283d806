/// The stable identity of a sample: SipHash-2-4 (fixed key) over a canonical byte form of
/// the fields that make two samples the same. Stored as a signed 64-bit integer; shown as
/// 16 hex digits (`sampleId`). Health-ingest makes every sample's; a client doing a workout
/// import makes its strength sets' too (``strength(day:exercise:sets:reps:weight:unit:occurrence:)``),
/// to ask which days are stored already (`import.known-days`).
public struct SampleIdentity: Sendable {
    @usableFromInline var bytes: [UInt8] = []

    public init() {
        bytes.reserveCapacity(96)
    }

    /// Empties the bytes, keeping their storage for the next identity.
    @inlinable public mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
    }

    @inlinable public mutating func add(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0)
    }

    @inlinable public mutating func add(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    @inlinable public mutating func add(_ value: Double) {
        add(Int64(bitPattern: (value == 0 ? 0 : value).bitPattern))
    }

    @inlinable public var value: Int64 {
        Int64(bitPattern: SipHash24.hash(bytes, k0: 0x5175_656E_6368_4865, k1: 0x616C_7468_2D69_6431))
    }

    public static func hex(_ identity: Int64) -> String {
        let text = String(UInt64(bitPattern: identity), radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    public static func parse(hex: String) -> Int64? {
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        return Int64(bitPattern: value)
    }

    /// A strength set's identity: its day (`YYYY-MM-DD`), exercise as stored (trimmed), sets,
    /// reps, weight as given, the unit's canonical spelling (`kg`, `lb`) and its occurrence
    /// (0 for the first of identical sets on a day, 1 for the second, …).
    public mutating func strength(day: String, exercise: String, sets: Int, reps: Int, weight: Double, unit: String, occurrence: Int) -> Int64 {
        reset()
        add("strength")
        add(day)
        add(exercise)
        add(Int64(sets))
        add(Int64(reps))
        add(weight)
        add(unit)
        add(Int64(occurrence))
        return value
    }
}
