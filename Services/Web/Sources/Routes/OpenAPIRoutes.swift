import Foundation
import Hummingbird

/// `GET /openapi.json`: the API's OpenAPI document (``OpenAPIDocument``), public.
struct OpenAPIRoutes {
    let app: WebApp

    /// The document's bytes, encoded once.
    static let body: [UInt8] = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(OpenAPIDocument.document))) ?? Array("{}".utf8)
    }()

    func register(on router: Router<WebRequestContext>) {
        app.routes.record(method: "get", path: "/openapi.json")
        router.get("openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: ByteBuffer(bytes: Self.body)))
        }
    }
}
