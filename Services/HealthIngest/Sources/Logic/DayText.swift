import QuenchProtocol

extension LocalDay {
    /// `YYYY-MM-DD` without `String(format:)`, which costs microseconds per call on Linux;
    /// imports format one per sample.
    var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(48 + (rest / divisor) % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(year, 4)
        bytes.append(45)
        digits(month, 2)
        bytes.append(45)
        digits(day, 2)
        return String(decoding: bytes, as: UTF8.self)
    }
}
