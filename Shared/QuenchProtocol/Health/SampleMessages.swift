import Foundation

/// `samples.add`: up to 100 samples, all or nothing. A sample of a type without consent is
/// refused (`failed_precondition`); an invalid one is refused naming `samples[i].<field>`.
public struct AddSamplesRequest: Codable, Sendable, Equatable {
    public var samples: [SampleInput]

    public init(samples: [SampleInput]) {
        self.samples = samples
    }

    public static let maxSamples = 100
}

public struct AddSamplesReply: Codable, Sendable, Equatable {
    /// Each sample as stored (an already-stored identical sample is returned as it was).
    public var samples: [SampleRecord]
    /// How many of them were stored already.
    public var duplicates: Int

    public init(samples: [SampleRecord], duplicates: Int) {
        self.samples = samples
        self.duplicates = duplicates
    }
}

/// `samples.daily`: one bucket per local day of `from…to` (≤ 3660 days), in the request's `tz`.
public struct DailySamplesRequest: Codable, Sendable, Equatable {
    public var type: String
    public var from: LocalDay
    public var to: LocalDay
    /// `sum` (cumulative types; the only one allowed for them), or for body-mass `latest`
    /// (default), `min`, `max`, `average`.
    public var aggregate: String?

    public init(type: String, from: LocalDay, to: LocalDay, aggregate: String? = nil) {
        self.type = type
        self.from = from
        self.to = to
        self.aggregate = aggregate
    }

    public static let maxDays = 3660
}

public struct DailyBucket: Codable, Sendable, Equatable {
    public var day: LocalDay
    /// Absent when the day has no samples (a discrete type); 0 for a cumulative type.
    public var value: Double?
    public var count: Int

    public init(day: LocalDay, value: Double?, count: Int) {
        self.day = day
        self.value = value
        self.count = count
    }
}

public struct DailySamplesReply: Codable, Sendable, Equatable {
    public var type: String
    /// The normalised unit of the values.
    public var unit: String
    public var aggregate: String
    public var days: [DailyBucket]

    public init(type: String, unit: String, aggregate: String, days: [DailyBucket]) {
        self.type = type
        self.unit = unit
        self.aggregate = aggregate
        self.days = days
    }
}

/// `samples.latest`: the sample of `type` with the latest start.
public struct LatestSampleRequest: Codable, Sendable, Equatable {
    public var type: String

    public init(type: String) {
        self.type = type
    }
}

/// `samples.changes`: samples stored after `anchor` (0: from the first), oldest first.
public struct SampleChangesRequest: Codable, Sendable, Equatable {
    public var anchor: Int64
    /// Only this type; default every type with consent.
    public var type: String?
    /// 1…1000, default 500.
    public var limit: Int?

    public init(anchor: Int64, type: String? = nil, limit: Int? = nil) {
        self.anchor = anchor
        self.type = type
        self.limit = limit
    }

    public static let maxLimit = 1000
    public static let defaultLimit = 500
}

public struct SampleChangesReply: Codable, Sendable, Equatable {
    public var samples: [SampleRecord]
    /// Pass this as `anchor` next time.
    public var anchor: Int64
    /// More samples are waiting after `anchor`.
    public var more: Bool

    public init(samples: [SampleRecord], anchor: Int64, more: Bool) {
        self.samples = samples
        self.anchor = anchor
        self.more = more
    }
}
