import Foundation
import MessagePack

// The envelope's MessagePack form written and read by hand: the same bytes, values and errors
// as the `Codable` conformance through `MessagePackEncoder`/`MessagePackDecoder` (which other
// coders and nested uses still take), without the containers, boxes and key lookups.
extension Envelope {
    /// Writes the map: present fields only, in `CodingKeys` order.
    func writeWire() throws -> [UInt8] {
        var count = 4
        var capacity = 48 + id.utf8.count + type.utf8.count
        if let user { count += 1; capacity += 6 + user.utf8.count }
        if let timeZone { count += 1; capacity += 4 + timeZone.utf8.count }
        if let idempotencyKey { count += 1; capacity += 17 + idempotencyKey.utf8.count }
        if let replyTo { count += 1; capacity += 10 + replyTo.utf8.count }
        if let body { count += 1; capacity += 5 + body.bytes.count }
        if let error { count += 1; capacity += 48 + error.code.utf8.count + error.message.utf8.count + (error.field?.utf8.count ?? 0) }
        if let publisher { count += 1; capacity += 12 + publisher.utf8.count }
        if seq != nil { count += 1; capacity += 13 }

        var writer = MessagePackWriter(capacity: capacity)
        writer.writeMapHeader(count)
        try writer.write("v")
        writer.write(version)
        try writer.write("id")
        try writer.write(id, codingPath: [CodingKeys.id])
        try writer.write("type")
        try writer.write(type, codingPath: [CodingKeys.type])
        if let user {
            try writer.write("user")
            try writer.write(user, codingPath: [CodingKeys.user])
        }
        try writer.write("sentAt")
        try writer.write(sentAt, codingPath: [CodingKeys.sentAt])
        if let timeZone {
            try writer.write("tz")
            try writer.write(timeZone, codingPath: [CodingKeys.timeZone])
        }
        if let idempotencyKey {
            try writer.write("idempotencyKey")
            try writer.write(idempotencyKey, codingPath: [CodingKeys.idempotencyKey])
        }
        if let replyTo {
            try writer.write("replyTo")
            try writer.write(replyTo, codingPath: [CodingKeys.replyTo])
        }
        if let body {
            try writer.write("body")
            writer.write(body)
        }
        if let error {
            try writer.write("error")
            try writer.write(error, encoder: MessagePackEncoder())
        }
        if let publisher {
            try writer.write("publisher")
            try writer.write(publisher, codingPath: [CodingKeys.publisher])
        }
        if let seq {
            try writer.write("seq")
            writer.write(seq)
        }
        return writer.bytes
    }

    /// Reads the map in one pass noting where each known key's value starts (with
    /// `limits.requireUniqueStringKeys`, as on every socket, a key that is not a str or appears
    /// twice is refused; otherwise the first entry wins and other keys are skipped), then reads the fields in `CodingKeys` order.
    /// The body is validated in the first pass, where it has to be walked anyway, and its bytes
    /// are copied in the second; a body that fails the check is reported when the second pass
    /// reaches it, so errors come in the same order as before.
    static func readWire(_ buffer: UnsafeRawBufferPointer, limits: MessagePackLimits) throws -> Envelope {
        var reader = MessagePackReader(buffer, limits: limits)
        let count = try reader.readMapHeader()
        var fields = WireFields()
        var bodyEnd = -1
        var bodyError: MessagePackError?
        var unknownKeys = false
        for _ in 0..<count {
            let keyOffset = reader.offset
            guard let key = try reader.readKey() else {
                if limits.requireUniqueStringKeys { throw MessagePackError(.nonStringKey, offset: keyOffset) }
                try reader.skipValue()
                continue
            }
            guard let field = WireField(key) else {
                unknownKeys = true
                try reader.skipValue()
                continue
            }
            if fields[field] >= 0, limits.requireUniqueStringKeys {
                throw MessagePackError(.duplicateKey(field.name), offset: keyOffset)
            }
            if fields[field] < 0 {
                fields[field] = reader.offset
                if field == .body {
                    let start = reader.offset
                    do {
                        try reader.skipValidatedValue()
                        bodyEnd = reader.offset
                        continue
                    } catch let error as MessagePackError {
                        bodyError = error
                        reader.offset = start
                    }
                }
            }
            try reader.skipValue()
        }
        let end = reader.offset
        if unknownKeys, limits.requireUniqueStringKeys {
            // Keys this version does not read may be repeated too: check the whole map (rare).
            _ = try MessagePackScanner.skipValue(in: buffer, at: 0, limits: limits)
        }

        func start(of field: WireField) throws -> Int {
            let offset = fields[field]
            guard offset >= 0 else { throw MessagePackError(.keyNotFound(field.name), offset: 0) }
            return offset
        }
        /// Reads a required field; errors name it.
        func read<T>(_ field: WireField, _ body: (inout MessagePackReader) throws -> T) throws -> T {
            reader.offset = try start(of: field)
            do {
                return try body(&reader)
            } catch let error as MessagePackError where error.codingPath.isEmpty {
                throw MessagePackError(error.kind, offset: error.offset, codingPath: field.name)
            }
        }
        /// Reads an optional field: absent or nil is nil.
        func readIfPresent<T>(_ field: WireField, _ body: (inout MessagePackReader) throws -> T) throws -> T? {
            guard fields[field] >= 0 else { return nil }
            reader.offset = fields[field]
            guard try !reader.peekNil() else { return nil }
            return try read(field, body)
        }

        let envelope = Envelope(
            version: try read(.version) { try $0.readInteger(Int.self) },
            id: try read(.id) { try $0.readString() },
            type: try read(.type) { try $0.readString() },
            user: try readIfPresent(.user) { try $0.readString() },
            sentAt: try read(.sentAt) { try $0.readDate() },
            timeZone: try readIfPresent(.timeZone) { try $0.readString() },
            idempotencyKey: try readIfPresent(.idempotencyKey) { try $0.readString() },
            replyTo: try readIfPresent(.replyTo) { try $0.readString() },
            body: try readIfPresent(.body) { reader in
                if let bodyError { throw bodyError }
                let start = reader.offset
                reader.offset = bodyEnd
                return MessagePackRaw(wellFormed: [UInt8](UnsafeRawBufferPointer(rebasing: buffer[start..<bodyEnd])))
            },
            error: try readIfPresent(.error) { try $0.decode(WireError.self, key: WireField.error.name) },
            publisher: try readIfPresent(.publisher) { try $0.readString() },
            seq: try readIfPresent(.seq) { try $0.readInteger(UInt64.self) }
        )
        guard end == buffer.count else {
            throw MessagePackError(.trailingBytes(buffer.count - end), offset: end)
        }
        return envelope
    }
}
