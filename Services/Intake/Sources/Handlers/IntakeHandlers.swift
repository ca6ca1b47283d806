public import Foundation
import GRDB
import MessagePack
import QuenchProtocol
public import QuenchRuntime

/// `IntakeEventBody(intake:)` with the record already encoded: the same bytes.
private struct LoggedEventBody: Encodable {
    let intake: MessagePackRaw
}

/// The intake service's request handlers.
public struct IntakeHandlers: Sendable {
    let database: ServiceDatabase
    let now: @Sendable () -> Date
    /// The most intakes one page of `intake.list` / `intake.export` holds (`limits.page.items`,
    /// default `Paging.defaultMaxItems`).
    let pageItems: Int

    public init(database: ServiceDatabase, pageItems: Int = 1000, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.pageItems = max(1, pageItems)
        self.now = now
    }

    public func register(in registry: inout HandlerRegistry) {
        registry.command(.intakeLog) { (request: LogIntakeRequest, write) in try log(request, write) }
        registry.command(.intakeEdit) { (request: EditIntakeRequest, write) in try edit(request, write) }
        registry.command(.intakeDelete) { (request: DeleteIntakeRequest, write) in try delete(request, write) }
        registry.command(.fluidsAdd) { (request: AddFluidRequest, write) in try addFluid(request, write) }
        registry.command(.fluidsEdit) { (request: EditFluidRequest, write) in try editFluid(request, write) }
        registry.command(.intakeErase) { (_: UserDataRequest, write) in try erase(write) }
        registry.query(.intakeList) { (request: ListIntakesRequest, context) in try await list(request, context) }
        registry.query(.intakeDayTotal) { (request: DayTotalRequest, context) in try await dayTotal(request, context) }
        registry.query(.intakeTotals) { (request: TotalsRequest, context) in try await totals(request, context) }
        registry.query(.fluidsList) { (_: ListFluidsRequest, context) in try await fluids(context) }
        registry.query(.intakeExport) { (request: IntakeExportRequest, context) in try await export(request, context) }
    }

    // MARK: Commands

    /// `intake.log`: the reply is the record, and the event's body is `{intake: record}`, so
    /// the record is encoded once for both.
    func log(_ request: LogIntakeRequest, _ write: WriteContext) throws -> Encoded<IntakeRecord> {
        let context = write.request
        let user = try context.actingUser()
        let unit = try IntakeRules.unit(request.unit)
        let volume = try IntakeRules.volume(request.volume, unit: unit)
        let current = now()
        let at = try IntakeRules.instant(request.at, now: current)
        let fluid = try resolveFluid(write.db, user: user, name: request.fluid ?? "water")
        let intake = IntakeStore.StoredIntake(
            id: IntakeStore.newID(), user: user, fluid: fluid.name, volumeUl: volume, basisPoints: fluid.basisPoints,
            at: at, day: LocalDay(instant: at, timeZone: context.timeZone).description,
            timeZone: context.timeZoneName, source: "manual", createdAt: current, updatedAt: current)
        try IntakeStore.insert(write.db, intake)
        let record = try Encoded(intake.record)
        try write.emit(.intakeLogged, user: user, Encoded<IntakeEventBody>(vouchedFor: try MessagePackRaw(encoding: LoggedEventBody(intake: record.raw))))
        return record
    }

    func edit(_ request: EditIntakeRequest, _ write: WriteContext) throws -> IntakeRecord {
        let context = write.request
        let user = try context.actingUser()
        let id = try IntakeRules.intakeID(request.id)
        guard let existing = try IntakeStore.find(write.db, user: user, id: id) else {
            throw QuenchError.notFound("id", "no intake '\(id)' for user '\(user)'")
        }
        guard request.fluid != nil || request.volume != nil || request.at != nil || request.unit != nil else {
            throw QuenchError.invalidArgument("fluid", "an edit must change at least one of fluid, volume, at")
        }
        var changed = existing
        if let name = request.fluid {
            let fluid = try resolveFluid(write.db, user: user, name: name)
            changed.fluid = fluid.name
            changed.basisPoints = fluid.basisPoints
        }
        if let value = request.volume {
            changed.volumeUl = try IntakeRules.volume(value, unit: try IntakeRules.unit(request.unit))
        } else if request.unit != nil {
            throw QuenchError.invalidArgument("unit", "only makes sense with a new volume")
        }
        changed.waterUl = IntakeStore.water(volumeUl: changed.volumeUl, basisPoints: changed.basisPoints)
        let current = now()
        if let at = request.at {
            changed.at = try IntakeRules.instant(at, now: current)
            changed.day = LocalDay(instant: changed.at, timeZone: context.timeZone).description
            changed.timeZone = context.timeZoneName
        }
        changed.updatedAt = current
        try IntakeStore.update(write.db, changed)
        let record = changed.record
        try write.emit(.intakeUpdated, user: user, IntakeEventBody(intake: record, previous: existing.record))
        return record
    }

    func delete(_ request: DeleteIntakeRequest, _ write: WriteContext) throws -> DeleteIntakeReply {
        let user = try write.request.actingUser()
        let id = try IntakeRules.intakeID(request.id)
        guard let existing = try IntakeStore.find(write.db, user: user, id: id) else {
            throw QuenchError.notFound("id", "no intake '\(id)' for user '\(user)'")
        }
        try IntakeStore.delete(write.db, user: user, id: id)
        try write.emit(.intakeDeleted, user: user, IntakeEventBody(intake: existing.record))
        return DeleteIntakeReply(id: id, deleted: true)
    }

    func addFluid(_ request: AddFluidRequest, _ write: WriteContext) throws -> Fluid {
        let user = try write.request.actingUser()
        let name = try FluidStore.validName(request.name, field: "name")
        let points = try FluidStore.basisPoints(request.waterPercent)
        guard try !FluidStore.exists(write.db, owner: user, name: name) else {
            throw QuenchError(.alreadyExists, "you already have a fluid named '\(name)'; use fluids edit", field: "name")
        }
        try FluidStore.checkRoom(write.db, owner: user, field: "name")
        try FluidStore.insert(write.db, owner: user, name: name, basisPoints: points)
        return Fluid(name: name, waterPercent: Double(points) / 100, custom: true)
    }

    /// A user's edit of a shared fluid makes a copy of its own (the shared one is unchanged);
    /// an operator edits the shared catalog with `catalog: true`.
    func editFluid(_ request: EditFluidRequest, _ write: WriteContext) throws -> Fluid {
        let context = write.request
        let name = try FluidStore.validName(request.name, field: "name")
        let owner: String
        if request.catalog == true {
            try context.requirePrivileged()
            owner = ""
        } else {
            owner = try context.actingUser()
        }
        guard let current = try FluidStore.find(write.db, user: owner, name: name) else {
            throw QuenchError.notFound("name", "no fluid named '\(name)'")
        }
        let newName = try request.newName.map { try FluidStore.validName($0, field: "newName") } ?? name
        let points = try request.waterPercent.map { try FluidStore.basisPoints($0) } ?? current.basisPoints
        if newName != name, try FluidStore.exists(write.db, owner: owner, name: newName) {
            throw QuenchError(.alreadyExists, "a fluid named '\(newName)' exists already", field: "newName")
        }
        if current.custom || owner.isEmpty {
            try FluidStore.update(write.db, owner: owner, name: name, newName: newName, basisPoints: points)
        } else {
            try FluidStore.checkRoom(write.db, owner: owner, field: "name")
            try FluidStore.insert(write.db, owner: owner, name: newName, basisPoints: points)
        }
        return Fluid(name: newName, waterPercent: Double(points) / 100, custom: !owner.isEmpty)
    }

    func erase(_ write: WriteContext) throws -> EraseReply {
        let user = try write.request.actingUser()
        let intakes = try IntakeStore.deleteAll(write.db, user: user)
        let fluids = try FluidStore.deleteAll(write.db, owner: user)
        try write.forgetTraces(of: user)
        try write.emit(.intakeErased, user: user, UserErasedBody(user: user))
        return EraseReply(service: ServiceName.intake, deleted: ["intakes": intakes, "fluids": fluids])
    }

    // MARK: Queries

    func list(_ request: ListIntakesRequest, _ context: RequestContext) async throws -> ListIntakesReply {
        let user = try context.actingUser()
        let day = request.day ?? context.today(at: now())
        let size = try Paging.pageSize(request.limit, max: pageItems)
        let cursor = try request.cursor.map(IntakeCursor.init(parsing:))
        if let cursor, cursor.day != day.description {
            throw QuenchError.invalidArgument(
                "cursor", "belongs to a list of \(cursor.day), not of \(day)", rule: ErrorRule("cursor.other_day", ["cursorDay": cursor.day, "day": day.description]))
        }
        // One more than the page: whether another page follows.
        var rows = try await database.pool.read { db in
            try IntakeStore.list(db, user: user, day: day.description, after: cursor, limit: size + 1)
        }
        let next = rows.count > size ? IntakeCursor(after: rows[size - 1]).text : nil
        if rows.count > size { rows.removeLast(rows.count - size) }
        return ListIntakesReply(day: day, intakes: rows.map(\.record), nextCursor: next)
    }

    func dayTotal(_ request: DayTotalRequest, _ context: RequestContext) async throws -> DayTotal {
        let user = try context.actingUser()
        let day = request.day ?? context.today(at: now())
        let total = try await database.pool.read { db in try IntakeStore.dayTotal(db, user: user, day: day.description) }
        return DayTotal(day: day, totalWaterMicrolitres: total.water, count: total.count)
    }

    func totals(_ request: TotalsRequest, _ context: RequestContext) async throws -> TotalsReply {
        let user = try context.actingUser()
        let (from, to) = (request.from, request.to)
        guard from <= to else {
            throw QuenchError.invalidArgument("to", "must not be before from (\(from))")
        }
        guard from.days(to: to) < TotalsRequest.maxDays else {
            throw QuenchError.invalidArgument("to", "a range may span at most \(TotalsRequest.maxDays) days")
        }
        let sums = try await database.pool.read { db in
            try IntakeStore.totals(db, user: user, from: from.description, to: to.description)
        }
        let days = (0...from.days(to: to)).map { offset -> DayTotal in
            let day = from.adding(days: offset)
            let (water, count) = sums[day.description] ?? (0, 0)
            return DayTotal(day: day, totalWaterMicrolitres: water, count: count)
        }
        return TotalsReply(days: days)
    }

    func fluids(_ context: RequestContext) async throws -> ListFluidsReply {
        let user = try context.actingUser()
        let entries = try await database.pool.read { db in try FluidStore.list(db, user: user) }
        return ListFluidsReply(fluids: entries.map(\.fluid))
    }

    /// A page of the user's data: the own fluids on the first page, then intakes by day.
    func export(_ request: IntakeExportRequest, _ context: RequestContext) async throws -> IntakeExport {
        let user = try context.actingUser()
        let size = try Paging.pageSize(request.limit, max: pageItems)
        let cursor = try request.cursor.map(IntakeCursor.init(parsing:))
        return try await database.pool.read { db in
            var rows = try IntakeStore.page(db, user: user, after: cursor, limit: size + 1)
            let next = rows.count > size ? IntakeCursor(after: rows[size - 1]).text : nil
            if rows.count > size { rows.removeLast(rows.count - size) }
            return IntakeExport(
                fluids: cursor == nil ? try FluidStore.userFluids(db, user: user).map(\.fluid) : [],
                intakes: rows.map(\.record), nextCursor: next)
        }
    }

    // MARK: Helpers

    private func resolveFluid(_ db: Database, user: String, name raw: String) throws -> FluidStore.Entry {
        let name = try FluidStore.validName(raw, field: "fluid")
        guard let fluid = try FluidStore.find(db, user: user, name: name) else {
            var error = QuenchError.notFound("fluid", "no fluid named '\(name)'; `quench fluids` lists them, `quench fluids add` adds one")
            error.rule = ErrorRule("fluid.unknown", ["got": String(name.prefix(64))])
            throw error
        }
        return fluid
    }
}
