import MessagePack
import QuenchProtocol

/// A history reply as MessagePack, written straight from a `HistoryPage`: a 3,660-day
/// history is about 33,000 values, and the generic `Encodable` path (a keyed container, a
/// coding path and a `String` per value) was most of such a reply's cost. Every day has the
/// same 59-byte shape (a 4-entry map: `day` as a 10-byte str, the two numbers as float 64,
/// `met`), so each day is a template copy with its date, numbers and flag patched in.
/// The bytes are exactly those `MessagePackEncoder` writes for `page.reply` (the tests
/// compare them), so clients see no difference.
enum HistoryEncoding {
    static func encode(_ page: HistoryPage) throws -> MessagePackRaw {
        let count = page.water.count
        var head: [UInt8] = [0x84]
        key("days", into: &head)
        arrayHeader(count, into: &head)
        // The tail is written first so the whole reply is one allocation of its exact size:
        // reserving a guess and then growing past it copied the ten-year reply once more.
        var tail: [UInt8] = []
        key("currentStreak", into: &tail)
        integer(page.currentStreak, into: &tail)
        key("longestStreak", into: &tail)
        integer(page.longestStreak, into: &tail)
        key("lag", into: &tail)
        try MessagePackEncoder().encode(page.lag, appendingTo: &tail)
        let daysStart = head.count
        let tailStart = daysStart + count * Day.size
        let bytes = [UInt8](unsafeUninitializedCapacity: tailStart + tail.count) { buffer, initialized in
            let output = UnsafeMutableRawBufferPointer(buffer)
            head.withUnsafeBytes { output.copyMemory(from: $0) }
            tail.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: output[tailStart...]).copyMemory(from: $0) }
            Day.template.withUnsafeBytes { template in
                var date = DayDigits(LocalDay(ordinal: page.first))
                for offset in 0..<count {
                    let day = UnsafeMutableRawBufferPointer(rebasing: output[(daysStart + offset * Day.size)...])
                    day.copyMemory(from: template)
                    date.write(into: day, at: Day.date)
                    date.advance()
                    day.storeBytes(of: page.totalWaterMl(offset).bitPattern.bigEndian, toByteOffset: Day.total, as: UInt64.self)
                    day.storeBytes(of: page.goals[offset].bitPattern.bigEndian, toByteOffset: Day.goal, as: UInt64.self)
                    day[Day.met] = page.met(offset) ? 0xc3 : 0xc2
                }
            }
            initialized = tailStart + tail.count
        }
        // Well-formed by construction (HistoryEncodingTests compare it with the generic
        // encoder's bytes): checking a ten-year reply's 33,000 values again was most of the
        // cost of writing it.
        return MessagePackRaw(wellFormed: bytes)
    }

    /// A day's `YYYY-MM-DD` as `LocalDay.description` writes it, stepped a day at a time: the days of
    /// a history are consecutive, so only the first one takes the civil-calendar arithmetic.
    struct DayDigits {
        private(set) var year: Int
        private(set) var month: Int
        private(set) var day: Int

        init(_ start: LocalDay) {
            year = start.year
            month = start.month
            day = start.day
        }

        /// The next day.
        mutating func advance() {
            if day < LocalDay.daysIn(year: year, month: month) {
                day += 1
            } else if month < 12 {
                day = 1
                month += 1
            } else {
                day = 1
                month = 1
                year += 1
            }
        }

        /// Writes the ten characters at `offset`.
        func write(into bytes: UnsafeMutableRawBufferPointer, at offset: Int) {
            LocalDay.write(year: year, month: month, day: day, into: bytes, at: offset)
        }
    }

    /// One day of the history and where its values go.
    private enum Day {
        static let date = 6
        static let total = 30
        static let goal = 46
        static let met = 58
        static let size = 59

        static let template: [UInt8] = {
            var bytes: [UInt8] = [0x84]
            key("day", into: &bytes)
            bytes.append(0xaa)
            bytes += Array("0000-00-00".utf8)
            key("totalWaterMl", into: &bytes)
            bytes += [0xcb] + Array(repeating: 0, count: 8)
            key("goalMl", into: &bytes)
            bytes += [0xcb] + Array(repeating: 0, count: 8)
            key("met", into: &bytes)
            bytes.append(0xc2)
            return bytes
        }()
    }

    /// A field name: ASCII, shorter than 32 bytes (a fixstr).
    private static func key(_ name: StaticString, into bytes: inout [UInt8]) {
        bytes.append(0xa0 | UInt8(name.utf8CodeUnitCount))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private static func arrayHeader(_ count: Int, into bytes: inout [UInt8]) {
        switch count {
        case ..<16: bytes.append(0x90 | UInt8(count))
        case ..<0x1_0000: big(0xdc, UInt16(count), into: &bytes)
        default: big(0xdd, UInt32(truncatingIfNeeded: count), into: &bytes)
        }
    }

    /// The smallest form, as `MessagePackEncoder` writes an `Int`.
    private static func integer(_ value: Int, into bytes: inout [UInt8]) {
        switch value {
        case 0...0x7f: bytes.append(UInt8(value))
        case 0x80...0xff: bytes += [0xcc, UInt8(value)]
        case 0x100...0xffff: big(0xcd, UInt16(value), into: &bytes)
        case 0x1_0000...0xffff_ffff: big(0xce, UInt32(value), into: &bytes)
        case 0x1_0000_0000...: big(0xcf, UInt64(value), into: &bytes)
        case -32 ..< 0: bytes.append(UInt8(bitPattern: Int8(value)))
        case -0x80 ..< 0: big(0xd0, Int8(value), into: &bytes)
        case -0x8000 ..< 0: big(0xd1, Int16(value), into: &bytes)
        case -0x8000_0000 ..< 0: big(0xd2, Int32(value), into: &bytes)
        default: big(0xd3, Int64(value), into: &bytes)
        }
    }

    private static func big<T: FixedWidthInteger>(_ tag: UInt8, _ value: T, into bytes: inout [UInt8]) {
        bytes.append(tag)
        withUnsafeBytes(of: value.bigEndian) { bytes.append(contentsOf: $0) }
    }
}
