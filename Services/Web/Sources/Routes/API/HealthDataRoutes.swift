import Hummingbird
import QuenchProtocol

/// Health data the user enters or controls: weight (add one, the latest, a daily series)
/// and consents (list, grant, revoke).
struct HealthDataRoutes {
    let app: WebApp

    func register(on api: APIRoutes) {
        api.add(.post, "weight", scope: .ingest) { request, context in
            let user = try context.requireUser()
            var body = try await request.json(AddWeightRequest.self, context: context)
            body.source = body.source ?? "web"
            let reply = try await app.backend.call(
                .weightAdd, body, for: user, zone: try request.zone(), idempotencyKey: try request.idempotencyKey())
            return try JSONResponse.make(reply, status: .created)
        }
        api.add(.get, "weight/latest", scope: .read) { request, context in
            let user = try context.requireUser()
            return try JSONResponse.make(try await app.backend.call(.weightLatest, LatestWeightRequest(), for: user, zone: try request.zone()))
        }
        api.add(.get, "weight", scope: .read) { request, context in
            let user = try context.requireUser()
            guard let from = try request.queryDay("from"), let to = try request.queryDay("to") else {
                throw QuenchError.invalidArgument(request.query("from") == nil ? "from" : "to", "is required: a date YYYY-MM-DD")
            }
            let body = DailySamplesRequest(type: SampleType.bodyMass.rawValue, from: from, to: to, aggregate: request.query("aggregate"))
            return try JSONResponse.make(try await app.backend.call(.samplesDaily, body, for: user, zone: try request.zone()))
        }
        api.add(.get, "consents", scope: .read) { request, context in
            let user = try context.requireUser()
            return try JSONResponse.make(try await app.backend.call(.consentList, ConsentListRequest(), for: user, zone: try request.zone()))
        }
        api.add(.post, "consents/grant", scope: .account) { request, context in
            let user = try context.requireUser()
            let body = try await request.json(ConsentChangeRequest.self, context: context)
            return try JSONResponse.make(
                try await app.backend.call(.consentGrant, body, for: user, zone: try request.zone(), idempotencyKey: try request.idempotencyKey()))
        }
        api.add(.post, "consents/revoke", scope: .account) { request, context in
            let user = try context.requireUser()
            let body = try await request.json(ConsentChangeRequest.self, context: context)
            return try JSONResponse.make(
                try await app.backend.call(.consentRevoke, body, for: user, zone: try request.zone(), idempotencyKey: try request.idempotencyKey()))
        }
    }
}
