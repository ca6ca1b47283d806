/// How a container of an unordered collection is made deterministic.
enum Sorting {
    case none
    /// A dictionary: map entries, or key-value pairs of an unkeyed dictionary, sorted by key.
    case byKey
    /// A set: elements sorted.
    case elements
}

/// A map or array whose header is still a one-byte placeholder.
struct OpenContainer {
    var header: Int
    var count = 0
    let id: Int
    let isMap: Bool
    /// Where a `superEncoder` value should start; an empty map is written there if nothing was.
    var pendingValue = -1
    /// How the elements are reordered when the container closes.
    var sorting = Sorting.none
    var elementStarts: [Int] = []
}

/// The output buffer and the stack of containers whose headers are not yet final.
///
/// Containers are written in place; a container is closed (its header patched, widened by
/// inserting bytes only past 15 elements) when its value finishes or its parent writes again.
final class EncoderState {
    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) var open: [OpenContainer] = []
    @exclusivity(unchecked) var nextID = 0
    @exclusivity(unchecked) var failure: (any Error)?

    func fail(_ error: any Error) {
        if failure == nil { failure = error }
    }

    func push(isMap: Bool, sorting: Sorting = .none) -> (level: Int, id: Int) {
        nextID &+= 1
        var container = OpenContainer(header: bytes.count, id: nextID, isMap: isMap)
        container.sorting = sorting
        open.append(container)
        bytes.append(isMap ? 0x80 : 0x90)
        return (open.count - 1, nextID)
    }

    /// Closes every container at `level` or deeper.
    func close(from level: Int) {
        while open.count > level {
            closeLast()
        }
    }

    /// Prepares container `level` for one more element, or throws if it is no longer open.
    @inline(__always)
    func beginElement(level: Int, id: Int, codingPath: @autoclosure () -> [any CodingKey]) throws {
        if open.count > level &+ 1 { close(from: level &+ 1) }
        guard level < open.count, open[level].id == id else {
            throw EncodingError.invalidValue((), EncodingError.Context(
                codingPath: codingPath(),
                debugDescription: "MessagePackEncoder: container used after its value was finished"
            ))
        }
        if open[level].pendingValue >= 0 { settlePending(level) }
        open[level].count &+= 1
        if open[level].sorting != .none { open[level].elementStarts.append(bytes.count) }
    }

    private func settlePending(_ level: Int) {
        if bytes.count == open[level].pendingValue { bytes.append(0x80) }
        open[level].pendingValue = -1
    }

    private func closeLast() {
        let level = open.count - 1
        if open[level].pendingValue >= 0 { settlePending(level) }
        let container = open.removeLast()
        if container.sorting != .none, container.count > 1 { sortElements(of: container) }
        let count = container.count
        let h = container.header
        if count <= 15 {
            bytes[h] = (container.isMap ? 0x80 : 0x90) | UInt8(count)
        } else if count <= 0xffff {
            bytes[h] = container.isMap ? 0xde : 0xdc
            withUnsafeBytes(of: UInt16(count).bigEndian) { bytes.insert(contentsOf: $0, at: h + 1) }
        } else if count <= 0xffff_ffff {
            bytes[h] = container.isMap ? 0xdf : 0xdd
            withUnsafeBytes(of: UInt32(count).bigEndian) { bytes.insert(contentsOf: $0, at: h + 1) }
        } else {
            fail(EncodingError.invalidValue((), EncodingError.Context(
                codingPath: [], debugDescription: "MessagePackEncoder: container with more than 2^32 - 1 elements"
            )))
        }
    }

    /// Reorders map entries or key-value pairs by key, or set elements, comparing integers
    /// numerically, then strings by UTF-8 bytes, then other values by their bytes.
    private func sortElements(of container: OpenContainer) {
        let end = bytes.count
        let starts = container.elementStarts
        let stride = container.isMap || container.sorting == .elements ? 1 : 2
        guard starts.count % stride == 0 else { return }
        var entries: [Range<Int>] = []
        var keys: [SortKey] = []
        var i = 0
        while i < starts.count {
            let next = i + stride < starts.count ? starts[i + stride] : end
            entries.append(starts[i] ..< next)
            keys.append(SortKey(bytes: bytes, at: starts[i]))
            i += stride
        }
        let order = keys.indices.sorted { keys[$0].precedes(keys[$1], in: bytes) }
        var reordered: [UInt8] = []
        reordered.reserveCapacity(end - container.header - 1)
        for index in order { reordered.append(contentsOf: bytes[entries[index]]) }
        bytes.replaceSubrange((container.header + 1) ..< end, with: reordered)
    }
}

/// How an encoded dictionary key orders.
private enum SortKey {
    case negative(Int64)
    case nonNegative(UInt64)
    case string(Range<Int>)
    case other(Range<Int>)

    init(bytes: [UInt8], at offset: Int) {
        self = bytes.withUnsafeBytes { buffer in
            let reader = ByteReader(buffer)
            let limits = MessagePackLimits(maxDepth: .max, maxStringLength: .max, maxBinaryLength: .max, maxContainerCount: .max)
            guard let (header, end) = try? reader.header(at: offset, limits: limits) else {
                return .other(offset ..< offset)
            }
            switch header {
            case .int(let value): return value < 0 ? .negative(value) : .nonNegative(UInt64(value))
            case .uint(let value): return .nonNegative(value)
            case .str(let start, let length): return .string(start ..< start + length)
            default:
                let keyEnd = (try? reader.skipValue(at: offset, depth: 0, limits: limits, strict: false)) ?? end
                return .other(offset ..< keyEnd)
            }
        }
    }

    private var rank: Int {
        switch self {
        case .negative, .nonNegative: 0
        case .string: 1
        case .other: 2
        }
    }

    func precedes(_ other: SortKey, in bytes: [UInt8]) -> Bool {
        switch (self, other) {
        case let (.negative(a), .negative(b)): a < b
        case (.negative, .nonNegative): true
        case (.nonNegative, .negative): false
        case let (.nonNegative(a), .nonNegative(b)): a < b
        case let (.string(a), .string(b)), let (.other(a), .other(b)):
            bytes[a].lexicographicallyPrecedes(bytes[b])
        default: rank < other.rank
        }
    }
}
