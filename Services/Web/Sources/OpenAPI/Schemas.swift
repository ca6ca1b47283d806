import Foundation
import QuenchProtocol

/// The JSON schemas of the API's bodies: the protocol's types as `JSONEncoder` writes them
/// (optional fields are left out when absent, so they are never `required`).
enum Schemas {
    static let string: JSONValue = ["type": "string"]
    static let number: JSONValue = ["type": "number"]
    static let integer: JSONValue = ["type": "integer"]
    static let boolean: JSONValue = ["type": "boolean"]
    static let date: JSONValue = ["type": "string", "format": "date"]
    static let dateTime: JSONValue = ["type": "string", "format": "date-time"]

    static func array(_ items: JSONValue) -> JSONValue { ["type": "array", "items": items] }
    static func ref(_ name: String) -> JSONValue { OpenAPIDocument.ref(name) }

    /// An object with `required` fields and `optional` ones.
    static func object(_ required: [String: JSONValue], optional: [String: JSONValue] = [:]) -> JSONValue {
        var properties = required
        properties.merge(optional) { $1 }
        var schema: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { schema["required"] = .array(required.keys.sorted().map { .string($0) }) }
        return .object(schema)
    }

    /// A body whose `value` field's bounds depend on its `unit` field: one branch per unit
    /// (the first also when `unit` is absent, if `unitOptional`), each with the range
    /// `low…high` (in the base unit) divided by the unit's factor, rounded inwards to 6 decimals
    /// (so every number the schema admits, the rule admits). The numbers come from the rule the
    /// service enforces and from the units' factors.
    static func boundedByUnit(
        _ field: String, units: [(name: String, factor: Double)], low: Double, high: Double, unitOptional: Bool,
        description: String, optional: [String: JSONValue] = [:], fieldOptional: Bool = false
    ) -> JSONValue {
        let branches = units.enumerated().map { index, unit -> JSONValue in
            let minimum = (low / unit.factor * 1e6).rounded(.up) / 1e6
            let maximum = (high / unit.factor * 1e6).rounded(.down) / 1e6
            let value: JSONValue = ["type": "number", "minimum": .number(minimum), "maximum": .number(maximum), "description": .string(description)]
            let unitSchema: JSONValue = ["type": "string", "enum": [.string(unit.name)]]
            var required: [String: JSONValue] = fieldOptional ? [:] : [field: value]
            var extra = optional
            if fieldOptional { extra[field] = value }
            if index == 0 && unitOptional {
                extra["unit"] = unitSchema
            } else {
                required["unit"] = unitSchema
            }
            return object(required, optional: extra)
        }
        return ["oneOf": .array(branches)]
    }

    /// `volume` in `unit` (`ml` when absent, `l`, `floz`) within `microlitres`.
    static func volumeInUnit(
        _ microlitres: ClosedRange<Int64>, description: String, optional: [String: JSONValue] = [:], volumeOptional: Bool = false
    ) -> JSONValue {
        boundedByUnit(
            "volume", units: VolumeUnit.allCases.map { ($0.rawValue, $0.microlitres) }, low: Double(microlitres.lowerBound),
            high: Double(microlitres.upperBound), unitOptional: true, description: description, optional: optional,
            fieldOptional: volumeOptional)
    }

    /// `X-Time-Zone`: the IANA zones this server knows (what `Request.zone()` accepts); any
    /// other name is `400 invalid_argument` on `X-Time-Zone`.
    static var timeZone: JSONValue {
        let names = TimeZone.knownTimeZoneIdentifiers.filter { $0.utf8.count <= 64 && TimeZone(identifier: $0) != nil }.sorted()
        return ["type": "string", "enum": .array(names.map { .string($0) })]
    }

    static var all: [String: JSONValue] {
        [
            "TimeZone": timeZone,
            "Error": object([
                "error": object(
                    ["code": ["type": "string", "enum": .array(ErrorCode.allCases.map { .string($0.rawValue) })], "message": string],
                    optional: ["field": string])
            ]),
            "Health": object(
                ["status": string, "service": string, "version": string],
                optional: ["services": array(object(["name": string, "status": string]))]),
            "SignInRequest": object(["token": ["type": "string", "maxLength": 200]]),
            "HealthAutoExportPayload": object(["data": object([:], optional: [
                "metrics": array(object(["name": string], optional: ["units": string, "data": array(["type": "object"])])),
                "workouts": array(["type": "object"]),
            ])]),
            "HealthAutoExportReport": object([
                "jobId": string, "status": string, "recordsSeen": integer, "imported": integer, "duplicates": integer, "replaced": integer,
                "skipped": integer, "skippedByReason": ["type": "object", "additionalProperties": integer],
                "skippedForConsent": ["type": "object", "additionalProperties": integer],
                "otherMetrics": ["type": "object", "additionalProperties": integer],
                "otherSections": ["type": "object", "additionalProperties": integer],
                "problems": array(object(["field": string, "rule": string, "count": integer, "examples": array(string)])),
                "byType": ["type": "object", "additionalProperties": object(["imported": integer, "duplicates": integer], optional: ["replaced": integer])],
            ]),
            "SignedIn": object(["user": string, "csrfToken": string, "expiresAt": dateTime]),
            "SignedOut": object(["signedOut": boolean]),
            "Me": object(
                [
                    "user": string, "via": ["type": "string", "enum": ["token", "session"]],
                    "scopes": array(["type": "string", "enum": .array(TokenScope.allCases.map { .string($0.rawValue) })]),
                ], optional: ["csrfToken": string]),
            "EraseReport": object([
                "user": string, "erased": boolean,
                "services": array(object(
                    [
                        "service": ["type": "string", "enum": ["goals", "health-ingest", "intake", "web"]],
                        "status": ["type": "string", "enum": ["erased", "down", "error", "kept"]], "erased": boolean,
                    ],
                    optional: ["deleted": ["type": "object", "additionalProperties": integer], "error": string])),
            ]),
            "SubscriptionHealth": object(
                ["publisher": string, "appliedSeq": integer, "headSeq": integer, "lag": integer, "skipped": integer, "connected": boolean]),
            "DaySummary": object([
                "day": date, "totalWaterMl": number, "goalMl": number, "goalSource": string, "percent": number, "remainingMl": number,
                "lag": array(ref("SubscriptionHealth")),
            ]),
            "HistoryReply": object([
                "days": array(object(["day": date, "totalWaterMl": number, "goalMl": number, "met": boolean])),
                "currentStreak": integer, "longestStreak": integer, "lag": array(ref("SubscriptionHealth")),
            ]),
            "LogIntakeRequest": volumeInUnit(
                ValueRules.waterMicrolitres,
                description: "in `unit` (ml by default; oz, fl oz and other spellings are accepted too): more than 0 and at most 6000 mL",
                optional: ["fluid": ["type": "string", "description": "default water"], "at": dateTime]),
            "EditIntakeBody": volumeInUnit(
                ValueRules.waterMicrolitres, description: "the new volume in `unit`: more than 0 and at most 6000 mL",
                optional: ["fluid": string, "at": dateTime], volumeOptional: true),
            "IntakeRecord": object([
                "id": string, "user": string, "fluid": string, "volumeMl": number, "waterMl": number, "waterMicrolitres": integer,
                "waterPercent": number, "at": dateTime, "day": string, "timeZone": string, "source": string, "createdAt": dateTime,
                "updatedAt": dateTime,
            ]),
            "ListIntakesReply": object(["day": date, "intakes": array(ref("IntakeRecord"))], optional: ["nextCursor": string]),
            "DeleteIntakeReply": object(["id": string, "deleted": boolean]),
            "ListFluidsReply": object(["fluids": array(object(["name": string, "waterPercent": number, "custom": boolean]))]),
            "GoalReply": object(
                ["goalMl": number, "source": string, "pinned": boolean, "autoAvailable": boolean],
                optional: ["since": date, "weightKg": number, "adjusted": string, "changed": boolean]),
            "SetGoalRequest": volumeInUnit(
                GoalVolumeRule.minMicrolitres...GoalVolumeRule.maxMicrolitres,
                description: "the goal in `unit`: \(GoalVolumeRule.text) (ml is the default unit; oz, fl oz and other spellings are accepted too)"),
            "GoalHistoryReply": object(
                ["goals": array(object(["goalMl": number, "source": string, "startDay": date], optional: ["endDay": date, "weightKg": number, "adjusted": string]))],
                optional: ["nextCursor": string]),
            "StepsMonthReply": object(
                [
                    "month": string, "days": array(object(["day": date, "steps": integer])), "total": integer, "axisMax": integer,
                    "achievements": array(object(["threshold": integer, "earned": boolean])), "lag": array(ref("SubscriptionHealth")),
                ], optional: ["revoked": array(string)]),
            "ChallengesProgressReply": object(
                [
                    "month": string,
                    "challenges": array(object([
                        "id": string, "title": string, "type": string, "goal": number, "unit": string,
                        "reward": object(["trophy": string, "points": integer]),
                        "days": array(object(["day": date, "value": number, "completed": boolean])),
                        "daysCompleted": integer, "trophies": integer, "points": integer,
                    ])),
                    "totalPoints": integer, "trophies": array(object(["trophy": string, "count": integer])), "lag": array(ref("SubscriptionHealth")),
                ], optional: ["revoked": array(string)]),
            "OneRepMaxReply": object(
                [
                    "exercises": array(object(
                        ["name": string, "series": array(ref("OneRepMaxPoint")), "excludedSets": integer],
                        optional: ["personalRecord": ref("OneRepMaxPoint")])),
                    "lag": array(ref("SubscriptionHealth")),
                ], optional: ["revoked": array(string)]),
            "OneRepMaxPoint": object(["day": date, "oneRepMax": number]),
            "AddWeightRequest": boundedByUnit(
                "value", units: [("kg", 1), ("lb", ValueRules.kilogramsPerPound)], low: ValueRules.bodyMassKg.lowerBound,
                high: ValueRules.bodyMassKg.upperBound, unitOptional: false,
                description: "in `unit`: \(ValueRules.bodyMassKg.lowerBound) to \(Int(ValueRules.bodyMassKg.upperBound)) kg; `at` not in the future",
                optional: ["at": dateTime, "source": string]),
            "WeightReply": object(
                ["weightKg": number, "at": dateTime, "sampleId": string, "value": number, "unit": string, "source": string],
                optional: ["duplicate": boolean]),
            "DailySamplesReply": object([
                "type": string, "unit": string, "aggregate": string,
                "days": array(object(["day": date, "count": integer], optional: ["value": number])),
            ]),
            "ConsentChangeRequest": object(
                [
                    "types": [
                        "type": "array", "minItems": 1, "maxItems": 5,
                        "items": ["type": "string", "enum": .array(ConsentType.allCases.map { .string($0.rawValue) })],
                    ]
                ],
                optional: ["deleteData": boolean]),
            "ConsentListReply": object(
                ["consents": array(object(["type": string, "granted": boolean], optional: ["since": dateTime]))],
                optional: ["deleted": ["type": "object", "additionalProperties": integer]]),
        ]
    }
}
