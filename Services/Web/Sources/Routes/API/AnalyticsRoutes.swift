import Hummingbird
import QuenchProtocol

/// The signed-in user's reads from analytics: `today`, `history`, `steps`, `one-rep-max`,
/// `challenges`.
///
/// The pattern every API route follows: the user from `context.requireUser()`, arguments
/// from the query or a JSON body, one typed call to the service (`app.backend.call(.x, body,
/// for: user, zone:)`), the reply as JSON. A service's error propagates as it is:
/// `ErrorMiddleware` turns it into the HTTP status and body of its protocol code.
struct AnalyticsRoutes {
    let app: WebApp

    func register(on api: APIRoutes) {
        api.add(.get, "today", scope: .read) { request, context in
            let user = try context.requireUser()
            let summary = try await app.backend.call(.analyticsToday, DayRequest(day: try request.queryDay("day")), for: user, zone: try request.zone())
            return try JSONResponse.make(summary)
        }
        api.add(.get, "history", scope: .read) { request, context in
            let user = try context.requireUser()
            let days = try request.query("days", in: 1...HistoryRequest.maxDays)
            return try JSONResponse.make(try await app.backend.call(.analyticsHistory, HistoryRequest(days: days), for: user, zone: try request.zone()))
        }
        api.add(.get, "steps", scope: .read) { request, context in
            let user = try context.requireUser()
            let month = MonthRequest(month: request.query("month"))
            return try JSONResponse.make(try await app.backend.call(.analyticsStepsMonth, month, for: user, zone: try request.zone()))
        }
        api.add(.get, "challenges", scope: .read) { request, context in
            let user = try context.requireUser()
            let month = MonthRequest(month: request.query("month"))
            return try JSONResponse.make(try await app.backend.call(.analyticsChallengesProgress, month, for: user, zone: try request.zone()))
        }
        api.add(.get, "one-rep-max", scope: .read) { request, context in
            let user = try context.requireUser()
            let body = OneRepMaxRequest(exercise: request.query("exercise"), limit: try request.query("limit", in: 1...OneRepMaxRequest.maxLimit))
            return try JSONResponse.make(try await app.backend.call(.analyticsOneRepMax, body, for: user, zone: try request.zone()))
        }
    }
}
