import GRDB
import Logging
import MessagePack
import QuenchProtocol

/// Turns anything a handler throws into the wire error the caller sees. Known errors
/// keep their meaning; anything else becomes `internal` and is logged with the request.
enum ErrorMapping {
    static func wireError(for error: any Error, logger: Logger) -> WireError {
        switch error {
        case let error as QuenchError:
            return error.wire
        case let error as MessagePackError:
            return bodyError(error)
        case let error as DatabaseError:
            return databaseError(error, logger: logger)
        case let error as DecodingError:
            return decodingError(error)
        case is CancellationError:
            return WireError(code: .unavailable, message: "the service is shutting down; retry")
        default:
            logger.error("unhandled error", metadata: ["error": "\(String(reflecting: error))"])
            return WireError(code: .internal, message: "internal error; the service log has the details")
        }
    }

    /// A body that is valid MessagePack but not the shape the type needs names the field;
    /// bytes that are not MessagePack at all are `malformed`.
    static func bodyError(_ error: MessagePackError) -> WireError {
        let field = error.codingPath.isEmpty ? nil : error.codingPath
        switch error.kind {
        case .typeMismatch(let expected, let found):
            return WireError(code: .invalidArgument, message: "must be \(expected), got \(found)", field: field)
        case .keyNotFound(let key):
            let path = field.map { "\($0).\(key)" } ?? key
            return WireError(code: .invalidArgument, message: "is required", field: path)
        case .valueNotFound:
            return WireError(code: .invalidArgument, message: "must not be nil", field: field)
        case .integerOverflow:
            return WireError(code: .invalidArgument, message: "is out of range for its type", field: field)
        case .invalidTimestamp:
            return WireError(code: .invalidArgument, message: "is not a valid timestamp", field: field)
        case .limitExceeded(let what):
            return WireError(code: .tooLarge, message: "exceeds a limit: \(what)", field: field)
        default:
            return WireError(code: .malformed, message: error.description, field: field)
        }
    }

    /// Errors thrown by a type's own `init(from:)` (e.g. a day that is not YYYY-MM-DD).
    static func decodingError(_ error: DecodingError) -> WireError {
        func path(_ keys: [any CodingKey]) -> String? {
            keys.isEmpty ? nil : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return WireError(code: .invalidArgument, message: context.debugDescription, field: path(context.codingPath))
        case .keyNotFound(let key, let context):
            return WireError(code: .invalidArgument, message: "is required", field: path(context.codingPath + [key]))
        @unknown default:
            return WireError(code: .invalidArgument, message: "\(error)")
        }
    }

    static func databaseError(_ error: DatabaseError, logger: Logger) -> WireError {
        switch error.resultCode {
        case .SQLITE_FULL:
            logger.error("storage full", metadata: ["error": "\(error)"])
            return WireError(code: .unavailable, message: "storage is full; nothing was stored")
        case .SQLITE_READONLY, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_PERM:
            logger.error("storage not writable", metadata: ["error": "\(error)"])
            return WireError(code: .unavailable, message: "storage cannot be written right now; nothing was stored")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return WireError(code: .unavailable, message: "storage is busy; retry")
        case .SQLITE_CONSTRAINT:
            logger.warning("constraint violation", metadata: ["error": "\(error)"])
            return WireError(code: .conflict, message: "the change conflicts with stored data")
        default:
            logger.error("database error", metadata: ["error": "\(error)"])
            return WireError(code: .internal, message: "internal storage error; the service log has the details")
        }
    }
}
