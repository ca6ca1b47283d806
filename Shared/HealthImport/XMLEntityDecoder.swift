#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns attribute bytes into a String, decoding only the five predefined entities and numeric references.
///
/// Any other `&name;` (for instance one declared in a DTD) is kept literally and never expanded,
/// so decoded text is never longer than its source.
enum XMLEntityDecoder {
    static func string(_ p: UnsafePointer<UInt8>, _ n: Int) -> String {
        guard n > 0, var amp = memchr(p, 0x26, n).map({ UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - p }) else {
            return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { out in
            let o = out.baseAddress!
            var w = 0
            var i = 0
            while true {
                memcpy(o + w, p + i, amp - i)
                w += amp - i
                i = amp
                var j = i + 1
                while j < n, j - i <= 12, p[j] != 0x3B { j += 1 }
                if j < n, p[j] == 0x3B, let scalar = decode(p + i + 1, j - i - 1) {
                    for unit in UTF8.encode(scalar)! {
                        o[w] = unit
                        w += 1
                    }
                    i = j + 1
                } else {
                    o[w] = 0x26
                    w += 1
                    i += 1
                }
                guard i < n, let next = memchr(p + i, 0x26, n - i) else { break }
                amp = UnsafePointer<UInt8>(next.assumingMemoryBound(to: UInt8.self)) - p
            }
            memcpy(o + w, p + i, n - i)
            w += n - i
            return String(decoding: UnsafeBufferPointer(start: o, count: w), as: UTF8.self)
        }
    }

    @inline(__always)
    private static func decode(_ p: UnsafePointer<UInt8>, _ n: Int) -> Unicode.Scalar? {
        switch n {
        case 2 where p[1] == 0x74:
            if p[0] == 0x6C { return "<" }
            if p[0] == 0x67 { return ">" }
        case 3 where p[0] == 0x61 && p[1] == 0x6D && p[2] == 0x70: return "&"
        case 4 where p[0] == 0x71 && p[1] == 0x75 && p[2] == 0x6F && p[3] == 0x74: return "\""
        case 4 where p[0] == 0x61 && p[1] == 0x70 && p[2] == 0x6F && p[3] == 0x73: return "'"
        default: break
        }
        guard n >= 2, p[0] == 0x23 else { return nil }
        var radix: UInt32 = 10
        var k = 1
        if p[1] == 0x78 || p[1] == 0x58 {
            radix = 16
            k = 2
        }
        guard k < n else { return nil }
        var code: UInt32 = 0
        while k < n {
            let c = p[k]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x61...0x66 where radix == 16: d = UInt32(c - 0x61 + 10)
            case 0x41...0x46 where radix == 16: d = UInt32(c - 0x41 + 10)
            default: return nil
            }
            code = code * radix + d
            guard code <= 0x10FFFF else { return nil }
            k += 1
        }
        return Unicode.Scalar(code)
    }
}
