import HealthImport
import QuenchClient
import QuenchProtocol

/// An import's requests through the gateway (``HealthImportTransport``): begin and finish as
/// any command, each batch with the idempotency key the import gives it (a retry never stores twice).
struct GatewayImportTransport: HealthImportTransport {
    let gateway: Gateway
    var batchTimeout: Duration = .seconds(120)

    func begin(_ request: ImportBeginRequest) async throws -> ImportJob {
        try await gateway.call(.importBegin, request)
    }

    func batch(_ request: ImportBatchRequest, idempotencyKey: String) async throws -> ImportBatchReply {
        let client = try gateway.client(ServiceName.healthIngest)
        do {
            return try await client.call(.importBatch, request, idempotencyKey: idempotencyKey, attemptTimeout: batchTimeout)
        } catch let error as QuenchError {
            throw CLIError.rejected(service: ServiceName.healthIngest, error: error)
        }
    }

    func finish(_ request: ImportFinishRequest) async throws -> ImportJob {
        try await gateway.call(.importFinish, request)
    }
}
