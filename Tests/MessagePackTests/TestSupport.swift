import Foundation
import MessagePack
import Testing

let encoder = MessagePackEncoder()
let decoder = MessagePackDecoder()

/// Encodes `value`, decodes it back, checks equality and returns the bytes.
@discardableResult
func roundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
    let bytes = try encoder.encode(value)
    let decoded = try decoder.decode(T.self, from: bytes)
    #expect(decoded == value, sourceLocation: sourceLocation)
    return bytes
}

/// The `MessagePackError` thrown by `body`, or nil (recording an issue) if it threw something else or nothing.
func messagePackError(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> MessagePackError? {
    do {
        try body()
        Issue.record("expected a MessagePackError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as MessagePackError {
        return error
    } catch {
        Issue.record("expected a MessagePackError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        result.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
    }
    return result
}

/// A coding key for any string or integer.
struct DynamicKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}

/// A map of `count` string keys written through a keyed container, exercising header widening.
struct WideMap: Codable, Equatable {
    var count: Int

    init(count: Int) { self.count = count }

    static func key(_ i: Int) -> String { "k\(String(i + 1_000_000).dropFirst())" }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicKey.self)
        for i in 0..<count { try container.encode(i, forKey: DynamicKey(stringValue: Self.key(i))) }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DynamicKey.self)
        count = container.allKeys.count
        for i in 0..<count where try container.decode(Int.self, forKey: DynamicKey(stringValue: Self.key(i))) != i {
            throw DecodingError.dataCorruptedError(forKey: DynamicKey(stringValue: Self.key(i)), in: container, debugDescription: "wrong value")
        }
    }
}
