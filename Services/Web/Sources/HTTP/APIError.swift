import Foundation
public import HTTPTypes
public import Hummingbird
public import QuenchProtocol

/// A `QuenchError` as an HTTP response: the protocol's error code in a JSON body, and the
/// HTTP status that matches it. Whatever a service replies with (`not_found`,
/// `invalid_argument` naming its field, …) reaches the HTTP client with the same code.
///
/// ```json
/// {"error": {"code": "invalid_argument", "field": "volume", "message": "must be greater than 0 mL …"}}
/// ```
public struct APIError: HTTPResponseError, Sendable {
    public var error: QuenchError
    /// Extra headers (`Retry-After` on 429).
    public var headers: HTTPFields

    public init(_ error: QuenchError, headers: HTTPFields = [:]) {
        self.error = error
        self.headers = headers
    }

    public var status: HTTPResponse.Status { Self.status(of: error.code) }

    /// The HTTP status of each protocol error code (docs/PROTOCOL.md "The HTTP API").
    public static func status(of code: ErrorCode) -> HTTPResponse.Status {
        switch code {
        case .invalidArgument, .malformed, .unsupportedVersion: .badRequest
        case .unauthenticated: .unauthorized
        case .permissionDenied: .forbidden
        case .notFound, .unknownType: .notFound
        case .alreadyExists, .conflict: .conflict
        case .failedPrecondition: .unprocessableContent
        case .tooLarge: .contentTooLarge
        case .resourceExhausted: .tooManyRequests
        case .unavailable: .serviceUnavailable
        case .deadlineExceeded: .gatewayTimeout
        case .internal: .internalServerError
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        if error.code == .unauthenticated, fields[.wwwAuthenticate] == nil {
            fields[.wwwAuthenticate] = "Bearer realm=\"quench\""
        }
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: Self.body(error))))
    }

    /// `{"error":{"code":…,"message":…,"field":…}}`.
    static func body(_ error: QuenchError) -> [UInt8] {
        struct Body: Encodable {
            struct Detail: Encodable {
                var code: String
                var message: String
                var field: String?
            }
            var error: Detail
        }
        let encoded = try? JSONEncoder().encode(Body(error: .init(code: error.code.rawValue, message: error.message, field: error.field)))
        return encoded.map(Array.init) ?? Array(#"{"error":{"code":"internal","message":"could not encode the error"}}"#.utf8)
    }
}
