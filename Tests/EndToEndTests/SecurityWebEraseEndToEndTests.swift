import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// `web.erase` over CURVE against a real quench-web: who may erase whom is decided as for
/// `intake.erase` (a user only itself; the operator names the user), and `tokens.*` stay the
/// operator's.
@Suite("Security: web.erase", .serialized)
struct SecurityWebEraseEndToEndTests {
    @Test("a user erases only itself on the web; the operator erases the user it names")
    func webEraseAuthorisation() async throws {
        let folder = temporaryDirectory("sec-web-erase")
        let keys = try SecurityKeys(folder.appendingPathComponent("keys"))
        try keys.writeAllowList(["admin": "admin", "ana": "user:ana", "bob": "user:bob"])
        let web = try ServiceProcess(
            ServiceName.web, dataDirectory: folder.appendingPathComponent("web"), arguments: keys.serviceArguments + ["--http-port", "0"],
            insecure: false)
        defer { web.stop() }
        let admin = try RPCClient(endpoint: web.rpcEndpoint, options: try keys.options("admin"))
        let ana = try RPCClient(endpoint: web.rpcEndpoint, options: try keys.options("ana"))
        let bob = try RPCClient(endpoint: web.rpcEndpoint, options: try keys.options("bob"))
        defer { Task { for client in [admin, ana, bob] { await client.close() } } }
        for user in ["ana", "bob"] {
            let _: TokenInfo = try await admin.command(
                MessageDescriptor.tokensCreate.name, CreateTokenRequest(token: BearerSecret.generate(.token), name: "t"), user: user)
        }
        func tokens(of user: String) async throws -> Int {
            let reply: ListTokensReply = try await admin.call(MessageDescriptor.tokensList.name, ListTokensRequest(), user: user)
            return reply.tokens.count
        }

        // Ana may not erase bob, nor list or make tokens.
        await expectRefusal(.permissionDenied) {
            let _: EraseReply = try await ana.command(MessageDescriptor.webErase.name, UserDataRequest(), user: "bob")
        }
        await expectRefusal(.permissionDenied) {
            let _: ListTokensReply = try await ana.call(MessageDescriptor.tokensList.name, ListTokensRequest())
        }
        #expect(try await tokens(of: "bob") == 1)

        // Ana erases herself, naming no one or herself.
        let own: EraseReply = try await ana.command(MessageDescriptor.webErase.name, UserDataRequest())
        #expect(own == EraseReply(service: ServiceName.web, deleted: ["tokens": 1, "sessions": 0, "links": 0]))
        let named: EraseReply = try await ana.command(MessageDescriptor.webErase.name, UserDataRequest(), user: "ana")
        #expect(named.deleted["tokens"] == 0)
        #expect(try await tokens(of: "ana") == 0)
        #expect(try await tokens(of: "bob") == 1)

        // The operator names the user (without one: invalid_argument, field user).
        let refused = await expectRefusal(.invalidArgument) {
            let _: EraseReply = try await admin.command(MessageDescriptor.webErase.name, UserDataRequest())
        }
        #expect(refused?.field == "user")
        let bobs: EraseReply = try await admin.command(MessageDescriptor.webErase.name, UserDataRequest(), user: "bob")
        #expect(bobs.deleted["tokens"] == 1)
        #expect(try await tokens(of: "bob") == 0)
        // Bob, his tokens gone, may still erase himself (nothing left).
        let bobAgain: EraseReply = try await bob.command(MessageDescriptor.webErase.name, UserDataRequest())
        #expect(bobAgain.deleted == ["tokens": 0, "sessions": 0, "links": 0])
    }
}
