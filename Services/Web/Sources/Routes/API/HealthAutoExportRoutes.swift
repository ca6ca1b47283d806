import Foundation
import HTTPTypes
import HealthImport
import Hummingbird
import NIOCore
import QuenchProtocol

/// `POST /api/v1/health-auto-export`: the iOS app Health Auto Export's REST API automation
/// posts its JSON here (docs/HEALTH-AUTO-EXPORT.md). The body (at most
/// `limits.hae.body.bytes`, else 413) is parsed here (``HealthAutoExportParser``) and
/// imported for the signed-in user as a `health-auto-export` job, the same path as
/// `quench import health-auto-export FILE` (``HealthAutoExportImport``); the reply is the
/// import's report.
struct HealthAutoExportRoutes {
    let app: WebApp

    /// The path, which ``BodyLimitMiddleware`` gives its own limit.
    static let path = APIRoutes.prefix + "/health-auto-export"

    func register(on api: APIRoutes) {
        api.add(.post, "health-auto-export", scope: .ingest) { request, context in
            let user = try context.requireUser()
            let limit = context.maxUploadSize
            if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
                throw Self.tooLarge(limit)
            }
            var request = request
            let buffer: ByteBuffer
            do {
                buffer = try await request.collectBody(upTo: limit)
            } catch let error as HTTPError where error.status == .contentTooLarge {
                throw Self.tooLarge(limit)
            } catch is NIOTooManyBytesError {
                // Chunked: no Content-Length to refuse up front; it outgrew the limit on the way in.
                throw Self.tooLarge(limit)
            }
            let payload: HealthAutoExportPayload
            do {
                payload = try HealthAutoExportParser(maxBytes: limit).parse(Data(buffer.readableBytesView))
            } catch let error as HealthAutoExportError {
                if error.tooLarge { throw Self.tooLarge(limit) }
                throw QuenchError.invalidArgument(error.field, error.message)
            }
            let name = request.headers[HTTPField.Name("automation-name")!].map { String($0.prefix(200)) }
            let transport = WebImportTransport(backend: app.backend, user: user, zone: try request.zone())
            let outcome = try await HealthAutoExportImport.run(payload, fileName: name ?? "health-auto-export", via: transport)
            return try JSONResponse.make(HealthAutoExportReport(outcome))
        }
    }

    static func tooLarge(_ limit: Int) -> APIError {
        APIError(QuenchError(
            .tooLarge, "the body is over \(limit) bytes (limits.hae.body.bytes); turn on Batch Requests in the app's automation"))
    }
}

/// An import's requests through the web's backend, acting for the signed-in user.
struct WebImportTransport: HealthImportTransport {
    let backend: Backend
    let user: String
    let zone: String?

    func begin(_ request: ImportBeginRequest) async throws -> ImportJob {
        try await backend.call(.importBegin, request, for: user, zone: zone)
    }

    func batch(_ request: ImportBatchRequest, idempotencyKey: String) async throws -> ImportBatchReply {
        try await backend.call(.importBatch, request, for: user, zone: zone, idempotencyKey: idempotencyKey)
    }

    func finish(_ request: ImportFinishRequest) async throws -> ImportJob {
        try await backend.call(.importFinish, request, for: user, zone: zone)
    }
}
