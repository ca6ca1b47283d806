import Foundation
public import HTTPTypes
public import Hummingbird
public import QuenchProtocol
import QuenchStrings

/// A `QuenchError` as an HTTP response: the protocol's error code in a JSON body, and the
/// HTTP status that matches it. Whatever a service replies with (`not_found`,
/// `invalid_argument` naming its field, …) reaches the HTTP client with the same code.
///
/// ```json
/// {"error": {"code": "invalid_argument", "field": "volume", "message": "must be greater than 0 mL …"}}
/// ```
///
/// The `message` is in the request's language, chosen as the dashboard's pages choose it
/// (`?lang=`, the `lang` cookie, `Accept-Language`; `PageLanguage`): English is the service's
/// own words; German and French say what the code means, naming the field, then the service's
/// words in parentheses (`ErrorText.service`, the CLI's catalog). `code` and `field` never change
/// with the language; `Content-Language` names the message's.
public struct APIError: HTTPResponseError, Sendable {
    public var error: QuenchError
    /// Extra headers (`Retry-After` on 429, `Allow` on 405).
    public var headers: HTTPFields
    /// The status when it is not the code's own (`405` is `unknown_type`, which is 404 elsewhere).
    private var statusOverride: HTTPResponse.Status?

    public init(_ error: QuenchError, headers: HTTPFields = [:], status: HTTPResponse.Status? = nil) {
        self.error = error
        self.headers = headers
        statusOverride = status
    }

    public var status: HTTPResponse.Status { statusOverride ?? Self.status(of: error.code) }

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
        let language = PageLanguage.of(request).language
        fields[.contentLanguage] = language.rawValue
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: Self.body(error, language: language))))
    }

    /// `{"error":{"code":…,"message":…,"field":…}}`, the message in `language`.
    static func body(_ error: QuenchError, language: Language = .en) -> [UInt8] {
        struct Body: Encodable {
            struct Detail: Encodable {
                var code: String
                var message: String
                var field: String?
            }
            var error: Detail
        }
        let message = Localizer(language)(ErrorText.service(
            code: error.code.rawValue, field: error.field, detail: error.message, rule: error.rule?.name, values: error.rule?.values ?? [:]))
        let encoded = try? JSONEncoder().encode(Body(error: .init(code: error.code.rawValue, message: message, field: error.field)))
        return encoded.map(Array.init) ?? Array(#"{"error":{"code":"internal","message":"could not encode the error"}}"#.utf8)
    }
}
