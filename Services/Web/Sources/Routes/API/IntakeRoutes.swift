import Foundation
import Hummingbird
import QuenchProtocol

/// Drinks: log one (`POST /intakes`, idempotent with `Idempotency-Key`), the day's list,
/// edit and delete by id (another user's id is `not_found`: the service looks only at the
/// signed-in user's intakes), and the fluids the user can pick from.
struct IntakeRoutes {
    let app: WebApp

    /// `PATCH /intakes/{id}`'s body: `intake.edit` without the id (it is in the path).
    struct EditBody: Decodable {
        var fluid: String?
        var volume: Double?
        var unit: String?
        var at: Date?
    }

    func register(on api: APIRoutes) {
        api.add(.post, "intakes", scope: .log) { request, context in
            let user = try context.requireUser()
            let body = try await request.json(LogIntakeRequest.self, context: context)
            let record = try await app.backend.call(
                .intakeLog, body, for: user, zone: try request.zone(), idempotencyKey: try request.idempotencyKey())
            return try JSONResponse.make(record, status: .created)
        }
        api.add(.get, "intakes", scope: .read) { request, context in
            let user = try context.requireUser()
            let body = ListIntakesRequest(day: try request.queryDay("day"), cursor: request.query("cursor"), limit: try request.query("limit", in: 1...10_000))
            return try JSONResponse.make(try await app.backend.call(.intakeList, body, for: user, zone: try request.zone()))
        }
        api.add(.patch, "intakes/{id}", scope: .log) { request, context in
            let user = try context.requireUser()
            let id = try context.parameters.require("id")
            let edit = try await request.json(EditBody.self, context: context)
            let body = EditIntakeRequest(id: id, fluid: edit.fluid, volume: edit.volume, unit: edit.unit, at: edit.at)
            return try JSONResponse.make(
                try await app.backend.call(.intakeEdit, body, for: user, zone: try request.zone(), idempotencyKey: try request.idempotencyKey()))
        }
        api.add(.delete, "intakes/{id}", scope: .log) { request, context in
            let user = try context.requireUser()
            let id = try context.parameters.require("id")
            return try JSONResponse.make(
                try await app.backend.call(
                    .intakeDelete, DeleteIntakeRequest(id: id), for: user, zone: try request.zone(), idempotencyKey: try request.idempotencyKey()))
        }
        api.add(.get, "fluids", scope: .read) { request, context in
            let user = try context.requireUser()
            return try JSONResponse.make(try await app.backend.call(.fluidsList, ListFluidsRequest(), for: user, zone: try request.zone()))
        }
    }
}
