/// A coding key for dynamic maps and array positions.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// The key of an unkeyed container's element, rendered as `[index]` in paths.
struct IndexKey: CodingKey {
    let index: Int
    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { index = intValue }
}

/// Renders a coding path as `body.items[3].goal`.
func renderPath(_ path: [any CodingKey]) -> String {
    var result = ""
    for key in path {
        if let index = key as? IndexKey {
            result += "[\(index.index)]"
        } else {
            if !result.isEmpty { result += "." }
            result += key.stringValue
        }
    }
    return result
}
