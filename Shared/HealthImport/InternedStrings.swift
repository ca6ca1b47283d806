#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny cache from raw attribute bytes to their decoded String, so repeated values
/// (source names, device descriptions, units) are not decoded and allocated per record.
final class InternedStrings {
    private var keys: [[UInt8]] = []
    private var values: [String] = []
    private var next = 0
    private var hits = 0
    private var misses = 0
    private let capacity: Int

    init(capacity: Int = 16) { self.capacity = capacity }

    func string(_ p: UnsafePointer<UInt8>, _ n: Int) -> String {
        guard n > 0 else { return "" }
        if hits + misses >= 1 << 16 {
            hits = 0
            misses = 0
        }
        if misses >= 64, hits * 4 < misses {
            misses += 1
            return XMLEntityDecoder.string(p, n)
        }
        for k in keys.indices where keys[k].count == n {
            let equal = keys[k].withUnsafeBufferPointer { memcmp($0.baseAddress!, p, n) == 0 }
            if equal {
                hits += 1
                return values[k]
            }
        }
        misses += 1
        let value = XMLEntityDecoder.string(p, n)
        let key = Array(UnsafeBufferPointer(start: p, count: n))
        if keys.count < capacity {
            keys.append(key)
            values.append(value)
        } else {
            keys[next] = key
            values[next] = value
            next = (next + 1) % capacity
        }
        return value
    }
}
