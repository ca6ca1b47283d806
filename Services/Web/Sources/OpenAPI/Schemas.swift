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

    /// A body `{"volume": …, "unit": …}` whose bounds depend on the unit: one branch per unit
    /// (`ml` also when `unit` is absent), each with the range `min…max` microlitres in that unit,
    /// rounded inwards to 6 decimals (so every number the schema admits, the rule admits). The
    /// numbers come from the rule the service enforces and from `VolumeUnit`'s factors.
    static func volumeInUnit(min: Int64, max: Int64, exclusiveMin: Bool, description: String) -> JSONValue {
        func branch(_ unit: VolumeUnit) -> JSONValue {
            let low = (Double(min) / unit.microlitres * 1e6).rounded(.up) / 1e6
            let high = (Double(max) / unit.microlitres * 1e6).rounded(.down) / 1e6
            var volume: [String: JSONValue] = ["type": "number", "maximum": .number(high), "description": .string(description)]
            volume[exclusiveMin ? "exclusiveMinimum" : "minimum"] = .number(low)
            let unitSchema: JSONValue = ["type": "string", "enum": [.string(unit.rawValue)]]
            return unit == .milliliter
                ? object(["volume": .object(volume)], optional: ["unit": unitSchema])
                : object(["volume": .object(volume), "unit": unitSchema])
        }
        return ["oneOf": .array(VolumeUnit.allCases.map(branch))]
    }

    static var all: [String: JSONValue] {
        [
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
            "Me": object(["user": string, "via": ["type": "string", "enum": ["token", "session"]]], optional: ["csrfToken": string]),
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
            "LogIntakeRequest": object(
                ["volume": ["type": "number", "description": "in `unit`; more than 0 and at most 6000 mL"]],
                optional: [
                    "fluid": ["type": "string", "description": "default water"],
                    "unit": ["type": "string", "description": "ml (default), l or floz"], "at": dateTime,
                ]),
            "EditIntakeBody": object([:], optional: ["fluid": string, "volume": number, "unit": string, "at": dateTime]),
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
                min: GoalVolumeRule.minMicrolitres, max: GoalVolumeRule.maxMicrolitres, exclusiveMin: false,
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
            "AddWeightRequest": object(
                ["value": ["type": "number", "description": "more than 0 and at most 500 kg"], "unit": ["type": "string", "enum": ["kg", "lb"]]],
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
