import Foundation
import GRDB
import QuenchProtocol
import QuenchRuntime

/// `tokens.*`: the operator's management of API tokens and sign-in links, over the same
/// ZeroMQ protocol as every service (so `quench tokens …` reaches the web like any
/// service). Every one is operator only: refused to users and to other services.
struct TokenHandlers {
    static let maxNameLength = 64
    let database: ServiceDatabase

    func register(in registry: inout HandlerRegistry) {
        registry.command(.tokensCreate) { request, write in
            try Self.requireOperator(write.request)
            let user = try write.request.actingUser()
            guard let secret = Secret.parse(request.token, as: .token) else {
                throw QuenchError.invalidArgument("token", "must be qt_ followed by 43 characters of A-Z a-z 0-9 - _ (256 random bits)")
            }
            let name = try Self.name(request.name)
            if let scopes = request.scopes, scopes.isEmpty {
                throw QuenchError.invalidArgument("scopes", "must name at least one of \(TokenScope.names) (or be left out: account)")
            }
            return try TokenStore.insert(write.db, secret: secret, user: user, name: name, scopes: request.scopes ?? [.account], now: write.request.sentAt)
        }
        registry.query(.tokensList) { [database] (_: ListTokensRequest, context) in
            try Self.requireOperator(context)
            let user = context.envelopeUser.flatMap { $0.isEmpty ? nil : $0 }
            return ListTokensReply(tokens: try await database.pool.read { db in try TokenStore.list(db, user: user) })
        }
        registry.command(.tokensRevoke) { request, write in
            try Self.requireOperator(write.request)
            guard let info = try TokenStore.revoke(write.db, id: request.id) else {
                throw QuenchError.notFound("id", "no token has the id '\(request.id)' (see quench tokens list)")
            }
            return info
        }
        registry.command(.tokensLink) { request, write in
            try Self.requireOperator(write.request)
            let user = try write.request.actingUser()
            guard let secret = Secret.parse(request.link, as: .link) else {
                throw QuenchError.invalidArgument("link", "must be ql_ followed by 43 characters of A-Z a-z 0-9 - _")
            }
            let ttl = request.ttlSeconds ?? CreateSignInLinkRequest.defaultTTLSeconds
            guard (1...CreateSignInLinkRequest.maxTTLSeconds).contains(ttl) else {
                throw QuenchError.invalidArgument("ttlSeconds", "must be between 1 and \(CreateSignInLinkRequest.maxTTLSeconds), got \(ttl)")
            }
            return try SignInLinkStore.insert(write.db, secret: secret, user: user, expiresAt: write.request.sentAt.addingTimeInterval(Double(ttl)))
        }
    }

    /// Tokens are the operator's: users and services (the web itself included) are refused.
    static func requireOperator(_ context: RequestContext) throws {
        switch context.principal {
        case .admin, .insecure: return
        case .user, .service: throw QuenchError.permissionDenied("\(context.principal) may not call \(context.type): tokens are the operator's")
        }
    }

    static func name(_ raw: String?) throws -> String {
        let name = (raw ?? "").trimmingCharacters(in: .whitespaces)
        guard name.count <= maxNameLength, name.unicodeScalars.allSatisfy({ !CharacterSet.controlCharacters.contains($0) }) else {
            throw QuenchError.invalidArgument("name", "must be at most \(maxNameLength) printable characters")
        }
        return name.isEmpty ? "token" : name
    }
}
