/// Marks `Dictionary` and `Set` so their contents are written in a deterministic order.
protocol UnorderedCollectionEncodable {
    func encodeSorted(to encoder: _MessagePackEncoder) throws
}

extension Set: UnorderedCollectionEncodable where Element: Encodable {
    /// Elements sort as encoded: integers numerically, strings by UTF-8 bytes, others by bytes.
    func encodeSorted(to encoder: _MessagePackEncoder) throws {
        encoder.sortsNextContainer = .elements
        defer { encoder.sortsNextContainer = .none }
        try encode(to: encoder)
    }
}

extension Dictionary: UnorderedCollectionEncodable where Key: Encodable, Value: Encodable {
    /// String keys sort by UTF-8 bytes and Int keys numerically, with an exact map header;
    /// other key types go through `encode(to:)` and their entries are sorted when the map closes.
    func encodeSorted(to encoder: _MessagePackEncoder) throws {
        if Key.self == String.self {
            var entries: [(key: String, value: Value)] = []
            entries.reserveCapacity(count)
            for (key, value) in self { entries.append((unsafeBitCast(key, to: String.self), value)) }
            entries.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            try encodeEntries(entries, to: encoder, codingKey: AnyCodingKey.init(stringValue:)) { key in
                try encoder.write(key, path: encoder.codingPath + [AnyCodingKey(stringValue: key)])
            }
        } else if Key.self == Int.self {
            var entries: [(key: Int, value: Value)] = []
            entries.reserveCapacity(count)
            for (key, value) in self { entries.append((unsafeBitCast(key, to: Int.self), value)) }
            entries.sort { $0.key < $1.key }
            try encodeEntries(entries, to: encoder, codingKey: AnyCodingKey.init(intValue:)) { key in
                Pack.integer(key, into: &encoder.state.bytes)
            }
        } else {
            encoder.sortsNextContainer = .byKey
            defer { encoder.sortsNextContainer = .none }
            try encode(to: encoder)
        }
    }

    private func encodeEntries<K>(
        _ entries: [(key: K, value: Value)],
        to encoder: _MessagePackEncoder,
        codingKey: (K) -> AnyCodingKey,
        writeKey: (K) throws -> Void
    ) throws {
        guard Pack.mapHeader(entries.count, into: &encoder.state.bytes) else {
            throw encoder.encodingFailure(self, "Dictionary with more than 2^32 - 1 entries")
        }
        let level = encoder.level
        for (key, value) in entries {
            try writeKey(key)
            try encoder.encodeValue(value, level: level, key: codingKey(key), extraPath: [])
        }
    }
}
