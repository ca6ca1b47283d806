import Foundation
public import Hummingbird
public import QuenchProtocol

extension Request {
    /// `X-Time-Zone` when sent (checked: an IANA zone or `UTC`), else nil (the server's zone).
    public func zone() throws -> String? {
        guard let name = headers[.timeZone], !name.isEmpty else { return nil }
        guard TimeZone(identifier: name) != nil else {
            throw QuenchError.invalidArgument("X-Time-Zone", "must be an IANA time zone such as Europe/Berlin or UTC, got '\(name)'")
        }
        return name
    }

    /// `Idempotency-Key` when sent (1–128 printable ASCII characters).
    public func idempotencyKey() throws -> String? {
        guard let key = headers[.idempotencyKey] else { return nil }
        guard (1...128).contains(key.utf8.count), key.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw QuenchError.invalidArgument("Idempotency-Key", "must be 1 to 128 printable ASCII characters without spaces")
        }
        return key
    }
}

extension LocalDay {
    /// A `YYYY-MM-DD` query parameter, or `invalid_argument` naming it.
    public init(query text: String, field: String) throws {
        guard let day = LocalDay(text) else {
            throw QuenchError.invalidArgument(field, "must be a date YYYY-MM-DD, got '\(text)'", rule: ErrorRule("day.date", ["got": text]))
        }
        self = day
    }
}

extension Request {
    /// The query parameter `name` as text, nil when absent or empty.
    public func query(_ name: String) -> String? {
        guard let value = uri.queryParameters[Substring(name)], !value.isEmpty else { return nil }
        return String(value)
    }

    /// The query parameter `name` as an integer in `range`, or `invalid_argument` naming it.
    public func query(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = query(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw QuenchError.invalidArgument(
                name, "must be an integer from \(range.lowerBound) to \(range.upperBound), got '\(text)'",
                rule: ErrorRule("integer.range", ["min": "\(range.lowerBound)", "max": "\(range.upperBound)", "got": text]))
        }
        return value
    }

    /// The query parameter `name` as a day `YYYY-MM-DD`.
    public func queryDay(_ name: String) throws -> LocalDay? {
        try query(name).map { try LocalDay(query: $0, field: name) }
    }

    /// The JSON body as `T` (at most `context.maxUploadSize` bytes; wrong shapes become
    /// `invalid_argument` naming the field). An empty body is `{}`.
    public func json<T: Decodable>(_ type: T.Type, context: WebRequestContext) async throws -> T {
        var request = self
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        if let type = headers[.contentType], !type.lowercased().hasPrefix("application/json") {
            throw QuenchError(.malformed, "send the body as application/json, got \(type)")
        }
        let bytes = buffer.readableBytes == 0 ? Data("{}".utf8) : Data(buffer.readableBytesView)
        return try WebRequestContext.decoder.decode(T.self, from: bytes)
    }
}
