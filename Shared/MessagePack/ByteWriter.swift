/// Appends values in their smallest MessagePack encoding.
enum Pack {
    @inline(__always)
    static func big<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    static func tagged<T: FixedWidthInteger>(_ tag: UInt8, _ value: T, into bytes: inout [UInt8]) {
        bytes.append(tag)
        big(value, into: &bytes)
    }

    static func uint(_ value: UInt64, into bytes: inout [UInt8]) {
        switch value {
        case 0...0x7f: bytes.append(UInt8(truncatingIfNeeded: value))
        case 0x80...0xff: tagged(0xcc, UInt8(truncatingIfNeeded: value), into: &bytes)
        case 0x100...0xffff: tagged(0xcd, UInt16(truncatingIfNeeded: value), into: &bytes)
        case 0x1_0000...0xffff_ffff: tagged(0xce, UInt32(truncatingIfNeeded: value), into: &bytes)
        default: tagged(0xcf, value, into: &bytes)
        }
    }

    static func int(_ value: Int64, into bytes: inout [UInt8]) {
        if value >= 0 { return uint(UInt64(value), into: &bytes) }
        switch value {
        case -32 ..< 0: bytes.append(UInt8(truncatingIfNeeded: value))
        case -0x80 ..< 0: tagged(0xd0, Int8(truncatingIfNeeded: value), into: &bytes)
        case -0x8000 ..< 0: tagged(0xd1, Int16(truncatingIfNeeded: value), into: &bytes)
        case -0x8000_0000 ..< 0: tagged(0xd2, Int32(truncatingIfNeeded: value), into: &bytes)
        default: tagged(0xd3, value, into: &bytes)
        }
    }

    @inline(__always)
    static func integer<T: BinaryInteger>(_ value: T, into bytes: inout [UInt8]) {
        if T.isSigned {
            int(Int64(truncatingIfNeeded: value), into: &bytes)
        } else {
            uint(UInt64(truncatingIfNeeded: value), into: &bytes)
        }
    }

    static func bool(_ value: Bool, into bytes: inout [UInt8]) {
        bytes.append(value ? 0xc3 : 0xc2)
    }

    static func float(_ value: Float, into bytes: inout [UInt8]) {
        tagged(0xca, value.bitPattern, into: &bytes)
    }

    static func double(_ value: Double, into bytes: inout [UInt8]) {
        tagged(0xcb, value.bitPattern, into: &bytes)
    }

    /// Writes a str/bin/ext length field, or fails when it exceeds 2^32 - 1.
    private static func length(_ count: Int, small: UInt8?, smallMax: Int, tag8: UInt8?, tag16: UInt8, tag32: UInt8, into bytes: inout [UInt8]) -> Bool {
        if let small, count <= smallMax {
            bytes.append(small | UInt8(truncatingIfNeeded: count))
        } else if let tag8, count <= 0xff {
            tagged(tag8, UInt8(truncatingIfNeeded: count), into: &bytes)
        } else if count <= 0xffff {
            tagged(tag16, UInt16(truncatingIfNeeded: count), into: &bytes)
        } else if count <= 0xffff_ffff {
            tagged(tag32, UInt32(truncatingIfNeeded: count), into: &bytes)
        } else {
            return false
        }
        return true
    }

    @inline(__always)
    static func stringHeader(_ count: Int, into bytes: inout [UInt8]) -> Bool {
        if count <= 31 {
            bytes.append(0xa0 | UInt8(truncatingIfNeeded: count))
            return true
        }
        if count <= 0xff {
            bytes.append(0xd9)
            bytes.append(UInt8(truncatingIfNeeded: count))
            return true
        }
        return length(count, small: 0xa0, smallMax: 31, tag8: 0xd9, tag16: 0xda, tag32: 0xdb, into: &bytes)
    }

    static func binaryHeader(_ count: Int, into bytes: inout [UInt8]) -> Bool {
        length(count, small: nil, smallMax: 0, tag8: 0xc4, tag16: 0xc5, tag32: 0xc6, into: &bytes)
    }

    static func arrayHeader(_ count: Int, into bytes: inout [UInt8]) -> Bool {
        length(count, small: 0x90, smallMax: 15, tag8: nil, tag16: 0xdc, tag32: 0xdd, into: &bytes)
    }

    static func mapHeader(_ count: Int, into bytes: inout [UInt8]) -> Bool {
        if count <= 15 {
            bytes.append(0x80 | UInt8(truncatingIfNeeded: count))
            return true
        }
        return length(count, small: 0x80, smallMax: 15, tag8: nil, tag16: 0xde, tag32: 0xdf, into: &bytes)
    }

    /// Writes a str; fails only for strings of 4 GiB or more.
    static func string(_ value: String, into bytes: inout [UInt8]) -> Bool {
        var value = value
        return value.withUTF8 { utf8 in
            guard stringHeader(utf8.count, into: &bytes) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
    }

    static func binary(_ value: UnsafeRawBufferPointer, into bytes: inout [UInt8]) -> Bool {
        guard binaryHeader(value.count, into: &bytes) else { return false }
        bytes.append(contentsOf: value)
        return true
    }

    static func ext(type: Int8, data: UnsafeRawBufferPointer, into bytes: inout [UInt8]) -> Bool {
        let tag = UInt8(bitPattern: type)
        switch data.count {
        case 1: bytes.append(0xd4)
        case 2: bytes.append(0xd5)
        case 4: bytes.append(0xd6)
        case 8: bytes.append(0xd7)
        case 16: bytes.append(0xd8)
        default:
            guard length(data.count, small: nil, smallMax: 0, tag8: 0xc7, tag16: 0xc8, tag32: 0xc9, into: &bytes) else { return false }
        }
        bytes.append(tag)
        bytes.append(contentsOf: data)
        return true
    }

    /// Writes a timestamp in its smallest form; fails when nanoseconds exceed 999 999 999.
    static func timestamp(_ value: MessagePackTimestamp, into bytes: inout [UInt8]) -> Bool {
        let seconds = value.seconds
        let nanoseconds = value.nanoseconds
        guard nanoseconds <= 999_999_999 else { return false }
        if seconds >= 0, seconds >> 34 == 0 {
            if nanoseconds == 0, seconds >> 32 == 0 {
                bytes.append(0xd6)
                bytes.append(0xff)
                big(UInt32(truncatingIfNeeded: seconds), into: &bytes)
            } else {
                bytes.append(0xd7)
                bytes.append(0xff)
                big(UInt64(nanoseconds) << 34 | UInt64(seconds), into: &bytes)
            }
        } else {
            bytes.append(0xc7)
            bytes.append(12)
            bytes.append(0xff)
            big(nanoseconds, into: &bytes)
            big(seconds, into: &bytes)
        }
        return true
    }
}
