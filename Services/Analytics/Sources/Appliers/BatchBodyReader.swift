import Foundation
import MessagePack
import QuenchProtocol

/// What the hand readers of batch events share (``DecodedStrengthBatch``,
/// ``DecodedIntakeBatch``): a body `{user, <list>: [element, …]}` in the shape the generic
/// encoder writes it, at most ``HealthEvent/maxBatchSamples`` elements; nil for any other
/// shape, which the caller hands to the generic decoder.
enum BatchBodyReader {
    static func read<Element>(
        _ buffer: UnsafeRawBufferPointer, list: Key, element: (inout MessagePackReader) throws -> Element?
    ) throws -> (user: String, elements: [Element])? {
        var reader = MessagePackReader(buffer)
        var user: String?
        var elements: [Element]?
        for _ in 0..<(try reader.readMapHeader()) {
            guard let key = try reader.readKey() else { return nil }
            if Key.user.matches(key), user == nil {
                user = try reader.readString()
            } else if list.matches(key), elements == nil {
                let count = try reader.readArrayHeader()
                guard count <= HealthEvent.maxBatchSamples else { return nil }
                var read: [Element] = []
                read.reserveCapacity(count)
                for _ in 0..<count {
                    guard let next = try element(&reader) else { return nil }
                    read.append(next)
                }
                reader.depth -= 1
                elements = read
            } else {
                return nil
            }
        }
        guard reader.offset == reader.count, let user, let elements else { return nil }
        return (user, elements)
    }

    /// A key's UTF-8 bytes.
    struct Key: Sendable {
        let bytes: [UInt8]

        static let user = Key("user")

        init(_ text: String) {
            bytes = Array(text.utf8)
        }

        func matches(_ key: UnsafeRawBufferPointer) -> Bool {
            key.count == bytes.count && bytes.withUnsafeBytes { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
        }
    }
}

/// An event body read by hand when it has the generic encoder's shape and by the generic
/// decoder otherwise (``DecodedIntakeBatch``, ``DecodedStrengthBatch``): the types give their
/// body and ``read(_:)``; decoding and encoding are shared here.
protocol HandReadBody: Codable, Sendable {
    associatedtype Body: Codable & Sendable
    var body: Body { get }
    init(_ body: Body)
    /// The body in the shape the generic encoder writes it; nil for any other.
    static func read(_ buffer: UnsafeRawBufferPointer) throws -> Body?
}

extension HandReadBody {
    init(from decoder: any Decoder) throws {
        let raw = try MessagePackRaw(from: decoder)
        if let fast = raw.bytes.withUnsafeBytes({ buffer in try? Self.read(buffer) }) {
            self.init(fast)
        } else {
            self.init(try raw.decode(Body.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
    }
}
