import Foundation
public import HTTPTypes
public import Hummingbird

/// JSON responses: the protocol's reply types encoded as they are (the API's bodies are the
/// protocol's bodies in JSON: the same field names, dates in ISO 8601, days as `YYYY-MM-DD`).
public enum JSONResponse {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// `value` as `application/json` with `status`.
    public static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        let data = try encoder.encode(value)
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
