#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses decimal numbers from bytes: exact fast path for common values, `strtod` otherwise.
enum DecimalParser {
    private static let powers: [Double] = (0...22).map { e in (0..<e).reduce(1.0) { r, _ in r * 10 } }

    /// Parses `[+-]digits[.digits][(e|E)[+-]digits]`; nil for anything else, including empty input.
    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int, allowExponent: Bool = true, allowSign: Bool = true) -> Double? {
        var i = 0
        var negative = false
        if allowSign, i < n, p[i] == 0x2D || p[i] == 0x2B {
            negative = p[i] == 0x2D
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var digitCount = 0
        var exponent = 0
        while i < n, p[i] &- 48 < 10 {
            if significant < 19 {
                mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48)
                if mantissa != 0 { significant += 1 }
            } else {
                exponent += 1
            }
            digitCount += 1
            i += 1
        }
        if i < n, p[i] == 0x2E {
            i += 1
            while i < n, p[i] &- 48 < 10 {
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48)
                    if mantissa != 0 { significant += 1 }
                    exponent -= 1
                }
                digitCount += 1
                i += 1
            }
        }
        guard digitCount > 0 else { return nil }
        if allowExponent, i < n, p[i] == 0x65 || p[i] == 0x45 {
            i += 1
            var expNegative = false
            if i < n, p[i] == 0x2D || p[i] == 0x2B {
                expNegative = p[i] == 0x2D
                i += 1
            }
            var e = 0
            var expDigits = 0
            while i < n, p[i] &- 48 < 10 {
                if e < 100_000 { e = e * 10 + Int(p[i] &- 48) }
                expDigits += 1
                i += 1
            }
            guard expDigits > 0 else { return nil }
            exponent += expNegative ? -e : e
        }
        guard i == n else { return nil }
        var value: Double
        if significant <= 15, exponent >= -22, exponent <= 22 {
            value = Double(mantissa)
            value = exponent >= 0 ? value * powers[exponent] : value / powers[-exponent]
        } else {
            value = slowParse(p, n)
        }
        return negative ? -value : value
    }

    private static func slowParse(_ p: UnsafePointer<UInt8>, _ n: Int) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { tmp in
            for k in 0..<n { tmp[k] = CChar(bitPattern: p[k]) }
            tmp[n] = 0
            return abs(strtod(tmp.baseAddress!, nil))
        }
    }
}
