/// SipHash-2-4 (Aumasson and Bernstein), the 64-bit keyed hash; stable across runs and
/// machines, unlike Swift's seeded `Hasher`.
public enum SipHash24 {
    public static func hash(_ data: [UInt8], k0: UInt64, k1: UInt64) -> UInt64 {
        var v0: UInt64 = 0x736F_6D65_7073_6575 ^ k0
        var v1: UInt64 = 0x646F_7261_6E64_6F6D ^ k1
        var v2: UInt64 = 0x6C79_6765_6E65_7261 ^ k0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ k1

        @inline(__always) func round() {
            v0 &+= v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32)
            v2 &+= v3; v3 = rotl(v3, 16); v3 ^= v2
            v0 &+= v3; v3 = rotl(v3, 21); v3 ^= v0
            v2 &+= v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32)
        }

        let count = data.count
        let whole = count & ~7
        var index = 0
        while index < whole {
            var m: UInt64 = 0
            for shift in 0..<8 {
                m |= UInt64(data[index + shift]) << (8 * UInt64(shift))
            }
            v3 ^= m
            round(); round()
            v0 ^= m
            index += 8
        }
        var last = UInt64(count & 0xFF) << 56
        for shift in 0..<(count - whole) {
            last |= UInt64(data[whole + shift]) << (8 * UInt64(shift))
        }
        v3 ^= last
        round(); round()
        v0 ^= last
        v2 ^= 0xFF
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    @inline(__always) private static func rotl(_ x: UInt64, _ b: UInt64) -> UInt64 {
        (x << b) | (x >> (64 - b))
    }
}
