extension MessagePackValue {
    /// Writes the value verbatim with ``MessagePackEncoder``; with other encoders it maps to
    /// their natural types (maps need string or integer keys there).
    public func encode(to encoder: any Encoder) throws {
        if let encoder = encoder as? _MessagePackEncoder {
            return try encoder.encodeSingle(self)
        }
        switch self {
        case .nil:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .uint(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .float(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .binary(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .map(let entries):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for entry in entries {
                let key: AnyCodingKey
                switch entry.key {
                case .string(let string): key = AnyCodingKey(stringValue: string)
                case .int(let int) where Int(exactly: int) != nil: key = AnyCodingKey(intValue: Int(int))
                case .uint(let uint) where Int(exactly: uint) != nil: key = AnyCodingKey(intValue: Int(uint))
                default:
                    throw EncodingError.invalidValue(self, EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "Only MessagePackEncoder can encode map keys that are neither strings nor integers"
                    ))
                }
                try container.encode(entry.value, forKey: key)
            }
        case .ext(let type, let data):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(type, forKey: AnyCodingKey(stringValue: "type"))
            try container.encode(data, forKey: AnyCodingKey(stringValue: "data"))
        case .timestamp(let timestamp):
            var container = encoder.singleValueContainer()
            try container.encode(timestamp)
        }
    }

    /// Reads any value with ``MessagePackDecoder``; with other decoders it takes the first of
    /// nil, bool, integer, floating point, string, keyed map and array that fits.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? _MessagePackDecoder {
            self = try decoder.decodeSingle(Self.self)
            return
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .nil; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(Int64.self) { self = .int(value); return }
            if let value = try? container.decode(UInt64.self) { self = .uint(value); return }
            if let value = try? container.decode(Double.self) { self = .double(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
        }
        if let container = try? decoder.container(keyedBy: AnyCodingKey.self) {
            self = .map(try container.allKeys.map { key in
                MessagePackMapEntry(key: .string(key.stringValue), value: try container.decode(MessagePackValue.self, forKey: key))
            })
            return
        }
        var container = try decoder.unkeyedContainer()
        var elements: [MessagePackValue] = []
        while !container.isAtEnd {
            elements.append(try container.decode(MessagePackValue.self))
        }
        self = .array(elements)
    }
}

extension MessagePackValue {
    /// Appends the value's encoding.
    func write(into bytes: inout [UInt8], codingPath: [any CodingKey]) throws {
        func fail(_ reason: String) -> EncodingError {
            EncodingError.invalidValue(self, EncodingError.Context(codingPath: codingPath, debugDescription: reason))
        }
        switch self {
        case .nil: bytes.append(0xc0)
        case .bool(let value): Pack.bool(value, into: &bytes)
        case .int(let value): Pack.int(value, into: &bytes)
        case .uint(let value): Pack.uint(value, into: &bytes)
        case .float(let value): Pack.float(value, into: &bytes)
        case .double(let value): Pack.double(value, into: &bytes)
        case .string(let value):
            guard Pack.string(value, into: &bytes) else { throw fail("String longer than 2^32 - 1 bytes") }
        case .binary(let value):
            guard value.withUnsafeBytes({ Pack.binary($0, into: &bytes) }) else { throw fail("Binary longer than 2^32 - 1 bytes") }
        case .array(let elements):
            guard Pack.arrayHeader(elements.count, into: &bytes) else { throw fail("Array longer than 2^32 - 1 elements") }
            for element in elements { try element.write(into: &bytes, codingPath: codingPath) }
        case .map(let entries):
            guard Pack.mapHeader(entries.count, into: &bytes) else { throw fail("Map longer than 2^32 - 1 entries") }
            for entry in entries {
                try entry.key.write(into: &bytes, codingPath: codingPath)
                try entry.value.write(into: &bytes, codingPath: codingPath)
            }
        case .ext(let type, let data):
            guard data.withUnsafeBytes({ Pack.ext(type: type, data: $0, into: &bytes) }) else {
                throw fail("Extension data longer than 2^32 - 1 bytes")
            }
        case .timestamp(let timestamp):
            guard Pack.timestamp(timestamp, into: &bytes) else { throw fail("Timestamp nanoseconds above 999999999") }
        }
    }
}

extension ByteReader {
    /// Reads the value at `offset`, whose containers would be at nesting `depth + 1`.
    func value(at offset: Int, depth: Int, limits: MessagePackLimits) throws -> (MessagePackValue, Int) {
        let (header, end) = try header(at: offset, limits: limits)
        switch header {
        case .nil_: return (.nil, end)
        case .bool(let value): return (.bool(value), end)
        case .int(let value): return (.int(value), end)
        case .uint(let value): return (Int64(exactly: value).map(MessagePackValue.int) ?? .uint(value), end)
        case .float32(let value): return (.float(value), end)
        case .float64(let value): return (.double(value), end)
        case .str(let start, let length): return (.string(try string(start, length, header: offset)), end)
        case .bin(let start, let length): return (.binary([UInt8](bytes(start, length))), end)
        case .ext(let type, let start, let length):
            if type == -1 {
                return (.timestamp(try timestamp(at: offset, start: start, length: length)), end)
            }
            return (.ext(type: type, data: [UInt8](bytes(start, length))), end)
        case .array(let count):
            guard depth < limits.maxDepth else { throw MessagePackError(.depthExceeded, offset: offset) }
            var elements: [MessagePackValue] = []
            elements.reserveCapacity(count)
            var position = end
            for _ in 0..<count {
                let (element, next) = try value(at: position, depth: depth &+ 1, limits: limits)
                elements.append(element)
                position = next
            }
            return (.array(elements), position)
        case .map(let count):
            guard depth < limits.maxDepth else { throw MessagePackError(.depthExceeded, offset: offset) }
            var entries: [MessagePackMapEntry] = []
            entries.reserveCapacity(count)
            var position = end
            for _ in 0..<count {
                let (key, afterKey) = try value(at: position, depth: depth &+ 1, limits: limits)
                let (value, next) = try value(at: afterKey, depth: depth &+ 1, limits: limits)
                entries.append(MessagePackMapEntry(key: key, value: value))
                position = next
            }
            return (.map(entries), position)
        }
    }

    /// A validated string from a str payload whose header starts at `header`.
    func string(_ start: Int, _ length: Int, header: Int) throws -> String {
        let utf8 = bytes(start, length)
        guard textChecked || isValidUTF8(utf8) else { throw MessagePackError(.invalidUTF8, offset: header) }
        return String(decoding: utf8.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }
}
