import Foundation
import Hummingbird
import Logging
import NIOCore
import QuenchProtocol

/// Turns every error a route throws into the API's error body: a service's `QuenchError`
/// keeps its code, Hummingbird's own (`413`, a body that is not JSON, an unknown route)
/// get the matching protocol code, anything else is `internal` (logged without user data).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as QuenchError {
            return try APIError(error).response(from: request, context: context)
        } catch let error as HTTPError {
            return try APIError(Self.translate(error)).response(from: request, context: context)
        } catch is NIOTooManyBytesError {
            // A chunked body (no Content-Length) that outgrew the limit while being collected.
            return try APIError(Self.translate(HTTPError(.contentTooLarge))).response(from: request, context: context)
        } catch let error as DecodingError {
            return try APIError(Self.translate(error)).response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["path": "\(context.endpointPath ?? "?")", "error": "\(type(of: error))"])
            return try APIError(.internal("the request failed; see the web service's log")).response(from: request, context: context)
        }
    }

    static func translate(_ error: HTTPError) -> QuenchError {
        let message = error.body ?? error.status.reasonPhrase
        switch error.status {
        case .contentTooLarge: return QuenchError(.tooLarge, "the request body is larger than the web edge accepts (limits.http.body.bytes)")
        case .notFound: return QuenchError(.notFound, "no such route")
        case .methodNotAllowed: return QuenchError(.unknownType, "method not allowed on this route")
        case .unauthorized: return QuenchError(.unauthenticated, message)
        case .forbidden: return QuenchError(.permissionDenied, message)
        case .tooManyRequests: return QuenchError(.resourceExhausted, message)
        case .badRequest: return QuenchError(.malformed, message)
        case .unsupportedMediaType: return QuenchError(.malformed, "send the body as application/json")
        default: return QuenchError(error.status.code >= 500 ? .internal : .invalidArgument, message)
        }
    }

    /// A JSON body of the wrong shape: `invalid_argument` naming the field.
    static func translate(_ error: DecodingError) -> QuenchError {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .invalidArgument(path(context.codingPath + [key]), "is required")
        case .typeMismatch(let type, let context):
            return .invalidArgument(path(context.codingPath), "must be a \(Self.name(of: type))")
        case .valueNotFound(let type, let context):
            return .invalidArgument(path(context.codingPath), "must be a \(Self.name(of: type)), got null")
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            return field.isEmpty ? QuenchError(.malformed, "the body is not valid JSON") : .invalidArgument(field, context.debugDescription)
        @unknown default:
            return QuenchError(.malformed, "the body could not be read")
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Double.Type, is Float.Type: "number"
        case is Int.Type, is Int64.Type: "integer"
        case is Bool.Type: "boolean"
        default: "\(type)".lowercased()
        }
    }
}
