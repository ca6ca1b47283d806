/// A map's entries indexed once by key, so each lookup is a short scan (small maps, starting
/// after the previous hit) or a hash probe (large maps). Only str and integer keys are indexed;
/// for a repeated key the first entry wins.
final class MapIndex {
    struct Entry {
        /// The str key's payload start, or -1 for an integer key.
        var keyStart: Int
        var keyLength: Int
        /// An integer key's value (bit pattern when `isLarge`).
        var integer: UInt64
        /// The integer key exceeds `Int64.max`.
        var isLarge: Bool
        /// Where the entry's value starts.
        var value: Int
    }

    private static let linearLimit = 16

    private let state: DecoderState
    private var reader: ByteReader { state.reader }
    /// Where the map's header starts and where its last entry ends.
    let offset: Int
    @exclusivity(unchecked) private(set) var end = 0
    @exclusivity(unchecked) private(set) var entries: [Entry] = []
    @exclusivity(unchecked) private var table: [Int] = []
    @exclusivity(unchecked) private var hint = 0

    /// Indexes the map at `offset`, a value at nesting `depth`.
    init(_ state: DecoderState, at offset: Int, depth: Int) throws {
        self.state = state
        self.offset = offset
        let reader = state.reader
        let limits = state.limits
        let (header, start) = try reader.header(at: offset, limits: limits)
        guard case .map(let count) = header else { throw reader.mismatch("map", header, at: offset) }
        guard depth < limits.maxDepth else { throw MessagePackError(.depthExceeded, offset: offset) }
        entries.reserveCapacity(count)
        if count > Self.linearLimit {
            var capacity = 1
            while capacity < count * 2 { capacity <<= 1 }
            table = [Int](repeating: -1, count: capacity)
        }
        var position = start
        for _ in 0..<count {
            let keyOffset = position
            let (key, afterKey) = try reader.header(at: position, limits: limits)
            var entry: Entry?
            switch key {
            case .str(let keyStart, let length):
                guard reader.textChecked || isValidUTF8(reader.bytes(keyStart, length)) else {
                    throw MessagePackError(.invalidUTF8, offset: keyOffset)
                }
                entry = Entry(keyStart: keyStart, keyLength: length, integer: 0, isLarge: false, value: afterKey)
                position = afterKey
            case .int(let int):
                entry = Entry(keyStart: -1, keyLength: 0, integer: UInt64(bitPattern: int), isLarge: false, value: afterKey)
                position = afterKey
            case .uint(let uint):
                entry = Entry(keyStart: -1, keyLength: 0, integer: uint, isLarge: uint > UInt64(Int64.max), value: afterKey)
                position = afterKey
            default:
                position = try reader.skipValue(at: keyOffset, depth: depth &+ 1, limits: limits, strict: false)
            }
            if let entry { insert(entry, valueAt: position) }
            position = try reader.skipValue(at: position, depth: depth &+ 1, limits: limits, strict: false)
        }
        end = position
    }

    private func insert(_ entry: Entry, valueAt value: Int) {
        var entry = entry
        entry.value = value
        if table.isEmpty {
            for existing in entries where same(existing, entry) { return }
            entries.append(entry)
            return
        }
        let mask = table.count - 1
        var slot = hash(entry) & mask
        while table[slot] >= 0 {
            if same(entries[table[slot]], entry) { return }
            slot = (slot + 1) & mask
        }
        table[slot] = entries.count
        entries.append(entry)
    }

    private func same(_ a: Entry, _ b: Entry) -> Bool {
        if a.keyStart < 0 || b.keyStart < 0 {
            return a.keyStart < 0 && b.keyStart < 0 && a.integer == b.integer && a.isLarge == b.isLarge
        }
        return a.keyLength == b.keyLength && bytesEqual(reader.bytes(a.keyStart, a.keyLength), reader.bytes(b.keyStart, b.keyLength))
    }

    private func hash(_ entry: Entry) -> Int {
        var hasher = Hasher()
        if entry.keyStart < 0 {
            hasher.combine(entry.integer)
            hasher.combine(entry.isLarge)
        } else {
            hasher.combine(bytes: reader.bytes(entry.keyStart, entry.keyLength))
        }
        return hasher.finalize()
    }

    /// Where the value for `key` starts: an integer entry equal to its `intValue`, else a str
    /// entry equal to its `stringValue`.
    func lookup<Key: CodingKey>(_ key: Key) -> Int? {
        guard end <= reader.count else { return nil }
        if let int = key.intValue {
            let probe = Entry(keyStart: -1, keyLength: 0, integer: UInt64(bitPattern: Int64(int)), isLarge: false, value: 0)
            if let value = find(probe) { return value }
        }
        var name = key.stringValue
        return name.withUTF8 { utf8 in
            find(Entry(keyStart: -2, keyLength: utf8.count, integer: 0, isLarge: false, value: 0), utf8: UnsafeRawBufferPointer(utf8))
        }
    }

    /// Finds an entry equal to `probe`; a probe for a str key carries its bytes in `utf8`.
    private func find(_ probe: Entry, utf8: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)) -> Int? {
        let isString = probe.keyStart == -2
        @inline(__always) func matches(_ entry: Entry) -> Bool {
            if isString {
                return entry.keyStart >= 0 && entry.keyLength == utf8.count
                    && bytesEqual(reader.bytes(entry.keyStart, entry.keyLength), utf8)
            }
            return entry.keyStart < 0 && entry.integer == probe.integer && entry.isLarge == probe.isLarge
        }
        let count = entries.count
        guard count > 0 else { return nil }
        if table.isEmpty {
            var i = hint < count ? hint : 0
            for _ in 0..<count {
                if matches(entries[i]) {
                    hint = i &+ 1
                    return entries[i].value
                }
                i = i &+ 1 == count ? 0 : i &+ 1
            }
            return nil
        }
        var hasher = Hasher()
        if isString {
            hasher.combine(bytes: utf8)
        } else {
            hasher.combine(probe.integer)
            hasher.combine(probe.isLarge)
        }
        let mask = table.count - 1
        var slot = hasher.finalize() & mask
        while table[slot] >= 0 {
            let entry = entries[table[slot]]
            if matches(entry) { return entry.value }
            slot = (slot + 1) & mask
        }
        return nil
    }

    func keys<Key: CodingKey>(as type: Key.Type) -> [Key] {
        guard end <= reader.count else { return [] }
        return entries.compactMap { entry in
            if entry.keyStart >= 0 {
                return Key(stringValue: String(decoding: reader.bytes(entry.keyStart, entry.keyLength), as: UTF8.self))
            }
            if entry.isLarge { return Key(stringValue: String(entry.integer)) }
            let int = Int64(bitPattern: entry.integer)
            if let small = Int(exactly: int), let key = Key(intValue: small) { return key }
            return Key(stringValue: String(int))
        }
    }
}

@inline(__always)
func bytesEqual(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
    let count = a.count
    guard count == b.count else { return false }
    guard count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
    var i = 0
    while i &+ 8 <= count {
        if pa.loadUnaligned(fromByteOffset: i, as: UInt64.self) != pb.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
        i &+= 8
    }
    while i < count {
        if pa.load(fromByteOffset: i, as: UInt8.self) != pb.load(fromByteOffset: i, as: UInt8.self) { return false }
        i &+= 1
    }
    return true
}
