#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts `Record` type identifiers without allocating a String per record.
///
/// The four imported kinds occupy indexes 0–3 in `HealthRecordKind.allCases` order.
final class RecordTypeTable {
    struct Entry {
        var bytes: [UInt8]
        var kind: HealthRecordKind?
        var count = 0
    }

    private static let slotCount = 1024
    private(set) var entries: [Entry] = []
    private let slots: UnsafeMutablePointer<Int32>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: -1, count: Self.slotCount)
        for kind in HealthRecordKind.allCases {
            let bytes = Array(kind.hkIdentifier.utf8)
            _ = bytes.withUnsafeBufferPointer { index($0.baseAddress!, $0.count) }
            entries[entries.count - 1].kind = kind
        }
    }

    deinit { slots.deallocate() }

    /// Index of the entry for these bytes, inserting it if new.
    func index(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var slot = Int(truncatingIfNeeded: Self.hash(p, n) >> 54) & (Self.slotCount - 1)
        while true {
            let e = Int(slots[slot])
            if e < 0 {
                guard entries.count < Self.slotCount / 2 else { return overflowIndex(p, n) }
                entries.append(Entry(bytes: Array(UnsafeBufferPointer(start: p, count: n))))
                slots[slot] = Int32(entries.count - 1)
                return entries.count - 1
            }
            if entries[e].bytes.count == n, entries[e].bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, p, n) == 0 }) {
                return e
            }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    func kind(at index: Int) -> HealthRecordKind? { entries[index].kind }

    func count(at index: Int) { entries[index].count += 1 }

    /// Counts of the types that are not imported, by identifier.
    var otherTypes: [String: Int] {
        var result: [String: Int] = [:]
        for e in entries where e.kind == nil && e.count > 0 {
            result[XMLEntityDecoder.string(e.bytes, e.bytes.count), default: 0] += e.count
        }
        return result
    }

    /// Past 512 distinct types (hostile input), further ones share one bucket.
    private func overflowIndex(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        let name = Array("(other types beyond 512 distinct identifiers)".utf8)
        if let i = entries.lastIndex(where: { $0.bytes == name }) { return i }
        entries.append(Entry(bytes: name))
        return entries.count - 1
    }

    @inline(__always)
    private static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while n - i >= 8 {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 29
            i += 8
        }
        while i < n {
            h = (h ^ UInt64(p[i])) &* 0x94D0_49BB_1331_11EB
            i += 1
        }
        return h ^ (h >> 32)
    }
}
