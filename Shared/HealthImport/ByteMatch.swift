/// Byte comparisons against ASCII literals.
enum ByteMatch {
    @inline(__always)
    static func equal(_ p: UnsafePointer<UInt8>, _ n: Int, _ literal: StaticString) -> Bool {
        guard n == literal.utf8CodeUnitCount else { return false }
        let l = literal.utf8Start
        for k in 0..<n where p[k] != l[k] { return false }
        return true
    }

    /// Number of `\n` bytes in `p[0..<n]`, sixteen bytes at a time.
    static func newlines(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        let raw = UnsafeRawPointer(p)
        let newline = SIMD16<UInt8>(repeating: 0x0A)
        var total = 0
        var i = 0
        while n - i >= 16 {
            var acc = SIMD16<UInt8>()
            var rounds = 0
            while rounds < 255, n - i >= 16 {
                let v = raw.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
                acc &-= unsafeBitCast(v .== newline, to: SIMD16<UInt8>.self)
                i += 16
                rounds += 1
            }
            total += Int(SIMD16<UInt16>(truncatingIfNeeded: acc).wrappedSum())
        }
        while i < n {
            total &+= p[i] == 0x0A ? 1 : 0
            i += 1
        }
        return total
    }
}
