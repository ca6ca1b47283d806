import QuenchProtocol

/// The rules a query must meet, each failing with the field it is about.
enum AnalyticsRules {
    static func month(_ raw: String?, default today: LocalDay) throws -> CalendarMonth {
        guard let raw else { return CalendarMonth(containing: today) }
        guard raw.count <= 7, let month = CalendarMonth(raw) else {
            throw QuenchError.invalidArgument("month", "must be a month YYYY-MM with MM from 01 to 12, got '\(raw.prefix(40))'")
        }
        return month
    }

    static func days(_ value: Int?) throws -> Int {
        let days = value ?? HistoryRequest.defaultDays
        guard (1...HistoryRequest.maxDays).contains(days) else {
            throw QuenchError.invalidArgument("days", "must be between 1 and \(HistoryRequest.maxDays), got \(days)")
        }
        return days
    }

    static func limit(_ value: Int?) throws -> Int {
        let limit = value ?? OneRepMaxRequest.defaultLimit
        guard (1...OneRepMaxRequest.maxLimit).contains(limit) else {
            throw QuenchError.invalidArgument("limit", "must be between 1 and \(OneRepMaxRequest.maxLimit), got \(limit)")
        }
        return limit
    }

    /// The exercise filter as a key; nil when absent.
    static func exercise(_ raw: String?) throws -> String? {
        guard let raw else { return nil }
        guard let key = ExerciseName.key(raw) else {
            throw QuenchError.invalidArgument("exercise", "must be 1 to \(ExerciseName.maxLength) characters")
        }
        return key
    }
}
