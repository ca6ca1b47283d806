/// `goal.get`: the user's current goal.
public struct GetGoalRequest: Codable, Sendable, Equatable {
    public init() {}
}

/// `goal.set`: a manual goal, 0 < goal ≤ 6000 mL, in any volume unit.
public struct SetGoalRequest: Codable, Sendable, Equatable {
    /// The goal in `unit`.
    public var volume: Double
    /// `ml` (default), `l` or `floz` (US fl oz), spelled as `VolumeUnit(parsing:)` accepts.
    public var unit: String?

    public init(volume: Double, unit: String? = nil) {
        self.volume = volume
        self.unit = unit
    }
}

/// `goal.auto`: derive the goal from the newest weight again (needs the body-mass consent
/// and a weight).
public struct AutoGoalRequest: Codable, Sendable, Equatable {
    public init() {}
}

/// `goal.at`: the goal in effect on `day` (default today in the request's `tz`).
public struct GoalAtRequest: Codable, Sendable, Equatable {
    public var day: LocalDay?

    public init(day: LocalDay? = nil) {
        self.day = day
    }
}

/// `goal.days`: the goal in effect on every day from `from` to `to` inclusive (at most 3660 days).
public struct GoalDaysRequest: Codable, Sendable, Equatable {
    public var from: LocalDay
    public var to: LocalDay

    public init(from: LocalDay, to: LocalDay) {
        self.from = from
        self.to = to
    }

    public static let maxDays = 3660
}

/// `goal.history`: the user's goals, newest first, a page at a time: at most `limit`
/// (default and ceiling: the service's `limits.page.items`, 1000 unless configured); pass the
/// reply's `nextCursor` back as `cursor` for the next page (absent on the last page).
public struct GoalHistoryRequest: Codable, Sendable, Equatable {
    /// `nextCursor` of the previous page; absent for the first.
    public var cursor: String?
    /// Periods per page, at least 1; more than the service's page size is cut to it.
    public var limit: Int?

    public init(cursor: String? = nil, limit: Int? = nil) {
        self.cursor = cursor
        self.limit = limit
    }
}

/// `goal.export`, paged like `goal.history`: the settings on every page, the goal periods
/// newest first a page at a time.
public struct GoalExportRequest: Codable, Sendable, Equatable {
    /// `nextCursor` of the previous page; absent for the first.
    public var cursor: String?
    /// Periods per page, at least 1; more than the service's page size is cut to it.
    public var limit: Int?

    public init(cursor: String? = nil, limit: Int? = nil) {
        self.cursor = cursor
        self.limit = limit
    }
}
