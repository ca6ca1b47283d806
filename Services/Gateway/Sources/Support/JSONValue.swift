import Foundation
import MessagePack

/// Any MessagePack value as JSON, for `subscribe` and `export`: timestamps become ISO 8601
/// strings, bin becomes base64, map keys become strings.
enum JSONValue: Encodable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    init(_ value: MessagePackValue) {
        switch value {
        case .nil: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .uint(let number): self = .uint(number)
        case .float(let number): self = .double(Double(number))
        case .double(let number): self = .double(number)
        case .string(let text): self = .string(text)
        case .binary(let bytes): self = .string(Data(bytes).base64EncodedString())
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .map(let entries):
            self = .object(entries.map { entry in
                let key: String
                switch entry.key {
                case .string(let text): key = text
                default: key = "\(entry.key)"
                }
                return (key, JSONValue(entry.value))
            })
        case .ext(let type, let data): self = .object([("ext", .int(Int64(type))), ("data", .string(Data(data).base64EncodedString()))])
        case .timestamp(let stamp):
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            self = .string(formatter.string(from: stamp.date))
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .uint(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let entries):
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in entries { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }
}
