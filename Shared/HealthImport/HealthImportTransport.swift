public import QuenchProtocol

/// The three requests of an import (`import.begin`, `import.batch`, `import.finish`) as a
/// client sends them to health-ingest: the CLI through its gateway, `quench-web` through its
/// client for the signed-in user.
public protocol HealthImportTransport: Sendable {
    func begin(_ request: ImportBeginRequest) async throws -> ImportJob
    /// `idempotencyKey` is the same on a retry, so a batch is never stored twice.
    func batch(_ request: ImportBatchRequest, idempotencyKey: String) async throws -> ImportBatchReply
    func finish(_ request: ImportFinishRequest) async throws -> ImportJob
}
