/// Whether `bytes` is well-formed UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var i = 0
    while i < count {
        if i &+ 8 <= count, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            i &+= 8
            continue
        }
        let lead = base.load(fromByteOffset: i, as: UInt8.self)
        if lead < 0x80 {
            i &+= 1
            continue
        }
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xbf
        switch lead {
        case 0xc2...0xdf: length = 2
        case 0xe0: length = 3; low = 0xa0
        case 0xe1...0xec, 0xee...0xef: length = 3
        case 0xed: length = 3; high = 0x9f
        case 0xf0: length = 4; low = 0x90
        case 0xf1...0xf3: length = 4
        case 0xf4: length = 4; high = 0x8f
        default: return false
        }
        guard length <= count &- i else { return false }
        let second = base.load(fromByteOffset: i &+ 1, as: UInt8.self)
        guard second >= low, second <= high else { return false }
        var j = 2
        while j < length {
            guard base.load(fromByteOffset: i &+ j, as: UInt8.self) & 0xc0 == 0x80 else { return false }
            j &+= 1
        }
        i &+= length
    }
    return true
}
