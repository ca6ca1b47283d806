import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Batch limits hold at the service's door: over-size batches are refused whole, naming the
/// field and the limit, and nothing is stored.
@Suite("Security: batch limits", .serialized)
struct SecurityLimitsEndToEndTests {
    @Test("import.batch takes at most 2000 samples and samples.add at most 100")
    func sampleBatches() async throws {
        let health = try ServiceProcess("health-ingest", dataDirectory: temporaryDirectory("sec-limits"))
        defer { health.stop() }
        let client = try RPCClient(endpoint: health.rpcEndpoint, options: RPCClientOptions(timeZone: "UTC", user: "ana"))
        defer { Task { await client.close() } }
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        func samples(_ count: Int) -> [SampleInput] {
            (0..<count).map { index in
                let at = start.addingTimeInterval(Double(index) * 60)
                return SampleInput(type: "steps", value: 10, unit: "count", start: at, end: at.addingTimeInterval(60), source: "Watch")
            }
        }
        let batch = await expectRefusal(.invalidArgument) {
            let _: MessagePackRawReply = try await client.command(
                MessageDescriptor.importBatch.name, ImportBatchRequest(jobId: "job", samples: samples(ImportBatchRequest.maxSamples + 1)))
        }
        #expect(batch?.field == "samples" && batch?.message.contains("2000") == true, "\(String(describing: batch))")
        let added = await expectRefusal(.invalidArgument) {
            let _: MessagePackRawReply = try await client.command(MessageDescriptor.samplesAdd.name, AddSamplesRequest(samples: samples(AddSamplesRequest.maxSamples + 1)))
        }
        #expect(added?.field == "samples", "\(String(describing: added))")
        #expect(ImportBatchRequest.maxSamples == 2000 && LoadChallengesRequest.maxItems == 1000)
    }
}

/// Any reply body (the refusal comes first).
struct MessagePackRawReply: Decodable {}
