import Hummingbird
import QuenchProtocol

/// The water goal: the current one, a manual one (`PUT /goal`), back to automatic
/// (`POST /goal/auto`), and its history, newest first.
struct GoalRoutes {
    let app: WebApp

    func register(on api: APIRoutes) {
        api.add(.get, "goal", scope: .read) { request, context in
            let user = try context.requireUser()
            return try JSONResponse.make(try await app.backend.call(.goalGet, GetGoalRequest(), for: user, zone: try request.zone()))
        }
        api.add(.put, "goal", scope: .account) { request, context in
            let user = try context.requireUser()
            let body = try await request.json(SetGoalRequest.self, context: context)
            return try JSONResponse.make(
                try await app.backend.call(.goalSet, body, for: user, zone: try request.zone(), idempotencyKey: try request.idempotencyKey()))
        }
        api.add(.post, "goal/auto", scope: .account) { request, context in
            let user = try context.requireUser()
            return try JSONResponse.make(
                try await app.backend.call(.goalAuto, AutoGoalRequest(), for: user, zone: try request.zone(), idempotencyKey: try request.idempotencyKey()))
        }
        api.add(.get, "goal/history", scope: .read) { request, context in
            let user = try context.requireUser()
            let body = GoalHistoryRequest(cursor: request.query("cursor"), limit: try request.query("limit", in: 1...10_000))
            return try JSONResponse.make(try await app.backend.call(.goalHistory, body, for: user, zone: try request.zone()))
        }
    }
}
