public import Foundation

/// `intake.log`: one drink.
public struct LogIntakeRequest: Codable, Sendable, Equatable {
    /// Fluid name from the catalog (the user's own first); default `water`.
    public var fluid: String?
    /// The volume in `unit`: 0 < volume ≤ 6000 mL.
    public var volume: Double
    /// `ml` (default), `l` or `floz`.
    public var unit: String?
    /// When it was drunk; default now. At most 5 minutes in the future.
    public var at: Date?

    public init(fluid: String? = nil, volume: Double, unit: String? = nil, at: Date? = nil) {
        self.fluid = fluid
        self.volume = volume
        self.unit = unit
        self.at = at
    }
}

/// `intake.edit`: change any of fluid, volume, instant; the rest stays.
public struct EditIntakeRequest: Codable, Sendable, Equatable {
    public var id: String
    public var fluid: String?
    public var volume: Double?
    public var unit: String?
    public var at: Date?

    public init(id: String, fluid: String? = nil, volume: Double? = nil, unit: String? = nil, at: Date? = nil) {
        self.id = id
        self.fluid = fluid
        self.volume = volume
        self.unit = unit
        self.at = at
    }
}

/// `intake.delete`.
public struct DeleteIntakeRequest: Codable, Sendable, Equatable {
    public var id: String

    public init(id: String) {
        self.id = id
    }
}

public struct DeleteIntakeReply: Codable, Sendable, Equatable {
    public var id: String
    public var deleted: Bool

    public init(id: String, deleted: Bool) {
        self.id = id
        self.deleted = deleted
    }
}

/// One intake as replies and events show it.
public struct IntakeRecord: Codable, Sendable, Equatable {
    public var id: String
    public var user: String
    public var fluid: String
    /// Volume and water volume in mL (microlitre precision).
    public var volumeMl: Double
    public var waterMl: Double
    /// Exact water volume in microlitres (sums of these are exact).
    public var waterMicrolitres: Int64
    /// Water content of the fluid when it was logged, in percent.
    public var waterPercent: Double
    public var at: Date
    /// The user's local day of `at` (YYYY-MM-DD), in `timeZone`. A `String`: an element of
    /// `intake.batch-logged` too, whose subscribers leave out a bad intake, not the batch.
    public var day: String
    public var timeZone: String
    /// `manual`, or `apple-health` for imported dietary water.
    public var source: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, user: String, fluid: String, volumeMl: Double, waterMl: Double, waterMicrolitres: Int64,
        waterPercent: Double, at: Date, day: String, timeZone: String, source: String, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.user = user
        self.fluid = fluid
        self.volumeMl = volumeMl
        self.waterMl = waterMl
        self.waterMicrolitres = waterMicrolitres
        self.waterPercent = waterPercent
        self.at = at
        self.day = day
        self.timeZone = timeZone
        self.source = source
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// `intake.list`: the intakes of one day (default today in the request's time zone), a page
/// at a time: at most `limit` (default and ceiling: the service's `limits.page.items`,
/// 1000 unless configured), ordered by `at` then `id`; pass the reply's `nextCursor` back as
/// `cursor` for the next page (absent on the last page).
public struct ListIntakesRequest: Codable, Sendable, Equatable {
    public var day: LocalDay?
    /// `nextCursor` of the previous page; absent for the first.
    public var cursor: String?
    /// Intakes per page, at least 1; more than the service's page size is cut to it.
    public var limit: Int?

    public init(day: LocalDay? = nil, cursor: String? = nil, limit: Int? = nil) {
        self.day = day
        self.cursor = cursor
        self.limit = limit
    }
}

public struct ListIntakesReply: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var intakes: [IntakeRecord]
    /// Present when more intakes follow: send it as `cursor`.
    public var nextCursor: String?

    public init(day: LocalDay, intakes: [IntakeRecord], nextCursor: String? = nil) {
        self.day = day
        self.intakes = intakes
        self.nextCursor = nextCursor
    }
}

/// `intake.export`, a page at a time like `intake.list`: the user's own fluids on the first
/// page (later pages carry none), then every intake ordered by `day`, `at`, `id`.
public struct IntakeExportRequest: Codable, Sendable, Equatable {
    public var cursor: String?
    public var limit: Int?

    public init(cursor: String? = nil, limit: Int? = nil) {
        self.cursor = cursor
        self.limit = limit
    }
}

/// Page sizes of the paged list and export replies.
public enum Paging {
    /// The default of `limits.page.items`: items in one page of `intake.list`, `intake.export`,
    /// `goal.history`, `goal.export` and `health.export`'s import jobs.
    public static let defaultMaxItems = 1000

    /// The page size a request asks for: `limit` (at least 1, else `invalid_argument` on
    /// `limit`) cut to `max`; `max` when absent.
    public static func pageSize(_ limit: Int?, max: Int) throws -> Int {
        guard let limit else { return max }
        guard limit >= 1 else {
            throw QuenchError.invalidArgument(
                "limit", "must be at least 1 (a page holds at most \(max)), got \(limit)", rule: ErrorRule("limit.min", ["max": String(max), "got": String(limit)]))
        }
        return Swift.min(limit, max)
    }
}

/// `intake.day-total`: the day's water total (an SQL aggregate).
public struct DayTotalRequest: Codable, Sendable, Equatable {
    public var day: LocalDay?

    public init(day: LocalDay? = nil) {
        self.day = day
    }
}

public struct DayTotal: Codable, Sendable, Equatable {
    public var day: LocalDay
    public var totalWaterMl: Double
    public var totalWaterMicrolitres: Int64
    public var count: Int

    public init(day: LocalDay, totalWaterMicrolitres: Int64, count: Int) {
        self.day = day
        self.totalWaterMicrolitres = totalWaterMicrolitres
        totalWaterMl = Microlitres.toMillilitres(totalWaterMicrolitres)
        self.count = count
    }
}

/// `intake.totals`: every day from `from` to `to` inclusive (at most 3660 days), days
/// without intakes included with 0.
public struct TotalsRequest: Codable, Sendable, Equatable {
    public var from: LocalDay
    public var to: LocalDay

    public init(from: LocalDay, to: LocalDay) {
        self.from = from
        self.to = to
    }

    public static let maxDays = 3660
}

public struct TotalsReply: Codable, Sendable, Equatable {
    public var days: [DayTotal]

    public init(days: [DayTotal]) {
        self.days = days
    }
}

/// A fluid of the catalog (`custom` when it is the user's own).
public struct Fluid: Codable, Sendable, Equatable {
    public var name: String
    public var waterPercent: Double
    public var custom: Bool

    public init(name: String, waterPercent: Double, custom: Bool) {
        self.name = name
        self.waterPercent = waterPercent
        self.custom = custom
    }
}

public struct ListFluidsRequest: Codable, Sendable, Equatable {
    public init() {}
}

public struct ListFluidsReply: Codable, Sendable, Equatable {
    public var fluids: [Fluid]

    public init(fluids: [Fluid]) {
        self.fluids = fluids
    }
}

/// `fluids.add`: a fluid of the user's own: name unique for the user, 0 < water % ≤ 100.
public struct AddFluidRequest: Codable, Sendable, Equatable {
    public var name: String
    public var waterPercent: Double

    public init(name: String, waterPercent: Double) {
        self.name = name
        self.waterPercent = waterPercent
    }
}

/// `fluids.edit`: rename and/or change the water content. A user edits its own fluids;
/// an operator (admin principal) edits the shared catalog when `catalog` is true.
public struct EditFluidRequest: Codable, Sendable, Equatable {
    public var name: String
    public var newName: String?
    public var waterPercent: Double?
    public var catalog: Bool?

    public init(name: String, newName: String? = nil, waterPercent: Double? = nil, catalog: Bool? = nil) {
        self.name = name
        self.newName = newName
        self.waterPercent = waterPercent
        self.catalog = catalog
    }
}

/// `intake.export` / `intake.erase`: everything intake holds about the user.
public struct UserDataRequest: Codable, Sendable, Equatable {
    public init() {}
}

public struct IntakeExport: Codable, Sendable, Equatable {
    public var fluids: [Fluid]
    public var intakes: [IntakeRecord]
    /// Present when more intakes follow: send it as `cursor` (`IntakeExportRequest`).
    public var nextCursor: String?

    public init(fluids: [Fluid], intakes: [IntakeRecord], nextCursor: String? = nil) {
        self.fluids = fluids
        self.intakes = intakes
        self.nextCursor = nextCursor
    }
}

public struct EraseReply: Codable, Sendable, Equatable {
    public var service: String
    public var deleted: [String: Int]

    public init(service: String, deleted: [String: Int]) {
        self.service = service
        self.deleted = deleted
    }
}

/// Body of `intake.logged`, `intake.updated` (with `previous`) and `intake.deleted`.
public struct IntakeEventBody: Codable, Sendable, Equatable {
    public var intake: IntakeRecord
    /// `intake.updated` only: the record before the change.
    public var previous: IntakeRecord?

    public init(intake: IntakeRecord, previous: IntakeRecord? = nil) {
        self.intake = intake
        self.previous = previous
    }
}

/// Body of `intake.batch-logged`: each element is what an `intake.logged` of that intake
/// would carry; all of `user`.
public struct IntakeBatchBody: Codable, Sendable, Equatable {
    public var user: String
    public var intakes: [IntakeRecord]

    public init(user: String, intakes: [IntakeRecord]) {
        self.user = user
        self.intakes = intakes
    }
}

/// Body of `intake.erased`.
public struct UserErasedBody: Codable, Sendable, Equatable {
    public var user: String

    public init(user: String) {
        self.user = user
    }
}
