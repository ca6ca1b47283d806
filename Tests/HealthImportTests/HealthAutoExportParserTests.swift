import Foundation
import HealthImport
import Testing

/// The parser's rules, one generated payload each: units, offsets, 12-hour and ISO dates,
/// numeric strings, unknown metrics and sections, bad points (field and rule), workouts of
/// both export versions, hostile shapes and the size limit.
@Suite("Health Auto Export: the parser's rules")
struct HealthAutoExportParserTests {
    static func parse(_ json: String, maxBytes: Int = HealthAutoExportParser.defaultMaxBytes) throws -> HealthAutoExportPayload {
        try HealthAutoExportParser(maxBytes: maxBytes).parse(Data(json.utf8))
    }

    static func metric(_ name: String, _ units: String, _ points: String) -> String {
        #"{"data": {"metrics": [{"name": "\#(name)", "units": "\#(units)", "data": [\#(points)]}]}}"#
    }

    @Test("units of each kind pass on as health-ingest takes them, or convert to its base unit", arguments: [
        ("step_count", "count", 100.0, "count", 100.0),
        ("walking_running_distance", "km", 2.5, "km", 2.5),
        ("walking_running_distance", "mi", 1.0, "mi", 1.0),
        ("walking_running_distance", "ft", 1000.0, "m", 304.8),
        ("walking_running_distance", "yd", 100.0, "m", 91.44),
        ("weight_body_mass", "kg", 80.0, "kg", 80.0),
        ("weight_body_mass", "lb", 176.0, "lb", 176.0),
        ("weight_body_mass", "st", 12.0, "kg", 76.20351816),
        ("dietary_water", "mL", 250.0, "mL", 250.0),
        ("dietary_water", "L", 1.5, "L", 1.5),
        ("dietary_water", "fl_oz_us", 8.0, "fl_oz_us", 8.0),
        ("dietary_water", "cup_us", 2.0, "mL", 473.176473),
    ])
    func units(name: String, units: String, qty: Double, unit: String, value: Double) throws {
        let payload = try Self.parse(Self.metric(name, units, #"{"date": "2024-02-06 14:30:00 -0500", "qty": \#(qty), "source": "iPhone"}"#))
        #expect(payload.records.count == 1)
        #expect(payload.records.first?.unit == unit)
        #expect(abs((payload.records.first?.value ?? 0) - value) < 1e-9)
        #expect(payload.summary.bad == 0)
    }

    @Test("an unknown unit of a known metric makes each of its points bad, naming units and the rule")
    func unknownUnit() throws {
        let payload = try Self.parse(Self.metric("dietary_water", "gallons", #"{"date": "2024-02-06 14:30:00 -0500", "qty": 1}, {"date": "2024-02-06 15:30:00 -0500", "qty": 2}"#))
        #expect(payload.records.isEmpty)
        #expect(payload.summary.bad == 2)
        #expect(payload.summary.problems.first?.field == "data.metrics[dietary_water].units")
        #expect(payload.summary.problems.first?.rule.hasPrefix("must be one of") == true)
        #expect(payload.summary.problems.first?.count == 2)
    }

    @Test("a point belongs to the day written in its own offset, across midnight either way")
    func ownOffset() throws {
        let payload = try Self.parse(Self.metric("step_count", "count", """
            {"date": "2024-02-06 23:30:00 -0500", "qty": 10, "source": "iPhone"},
            {"date": "2024-02-07 00:30:00 +1400", "qty": 20, "source": "iPhone"},
            {"date": "2024-02-06 14:30:00 +0000", "qty": 30}
            """))
        #expect(payload.records.map(\.utcOffsetSeconds) == [-5 * 3600, 14 * 3600, 0])
        // 23:30 -0500 is 04:30 UTC on the 7th; 00:30 +1400 is 10:30 UTC on the 6th.
        #expect(payload.records[0].startDate.timeIntervalSince1970 == 1_707_280_200)
        #expect(payload.records[1].startDate.timeIntervalSince1970 == 1_707_215_400)
        #expect(payload.records[2].sourceName == HealthAutoExportParser.defaultSource)
    }

    @Test("12-hour dates (space, U+202F or U+00A0 before am/pm) and ISO dates", arguments: [
        ("2024-09-21 7:57:00 am +1000", 1_726_869_420.0, 36_000),
        ("2024-09-21 7:57:00\u{202F}PM +1000", 1_726_912_620.0, 36_000),
        ("2024-09-21 12:05:00\u{00A0}am +0000", 1_726_877_100.0, 0),
        ("2024-09-21 12:05:00 pm +0000", 1_726_920_300.0, 0),
        ("2026-09-12T07:00:00-07:00", 1_789_221_600.0, -25_200),
        ("2026-09-12T07:00:00.250Z", 1_789_196_400.25, 0),
    ])
    func dates(text: String, epoch: Double, offset: Int) throws {
        let date = try #require(HealthAutoExportDate(text))
        #expect(date.epoch == epoch)
        #expect(date.utcOffset == offset)
    }

    @Test("timestamps that name no instant are bad points, naming date and the rule", arguments: [
        "2024-02-30 10:00:00 +0000", "2024-02-06", "2024-02-06 25:00:00 +0000", "2024-02-06 10:00:00", "2024-02-06 13:00:00 pm +0000",
        "2024-02-06 10:00:00 +1900", "yesterday", "",
    ])
    func badDates(text: String) throws {
        let payload = try Self.parse(Self.metric("step_count", "count", #"{"date": "\#(text)", "qty": 5}"#))
        #expect(payload.records.isEmpty)
        #expect(payload.summary.bad == 1)
        #expect(payload.summary.problems.first?.field == "data.metrics[step_count].data[*].date")
    }

    @Test("start and end, when both are given, are the point's interval; else date is")
    func startEnd() throws {
        let payload = try Self.parse(Self.metric("step_count", "count", """
            {"date": "2025-12-15 09:00:00 +0000", "start": "2025-12-15 09:00:00 +0000", "end": "2025-12-15 10:00:00 +0000", "qty": 500},
            {"date": "2025-12-15 11:00:00 +0000", "start": "2025-12-15 11:00:00 +0000", "qty": 7}
            """))
        #expect(payload.records[0].endDate.timeIntervalSince(payload.records[0].startDate) == 3600)
        #expect(payload.records[1].endDate == payload.records[1].startDate)
    }

    @Test("qty may be a numeric string; a missing or non-numeric qty is a bad point naming qty")
    func quantities() throws {
        let payload = try Self.parse(Self.metric("step_count", "count", """
            {"date": "2024-02-06 10:00:00 +0000", "qty": "12.5"},
            {"date": "2024-02-06 11:00:00 +0000", "qty": "lots"},
            {"date": "2024-02-06 12:00:00 +0000"},
            {"date": "2024-02-06 13:00:00 +0000", "qty": null},
            {"date": "2024-02-06 14:00:00 +0000", "qty": true},
            "not a point",
            {"date": 5, "qty": 1}
            """))
        #expect(payload.records.map(\.value) == [12.5])
        #expect(payload.summary.bad == 6)
        #expect(payload.summary.points == 7)
        let fields = Set(payload.summary.problems.map(\.field))
        #expect(fields.contains("data.metrics[step_count].data[*].qty"), "\(payload.summary.problems)")
        #expect(fields.contains("data.metrics[step_count].data[*].date"), "\(payload.summary.problems)")
    }

    @Test("unknown metrics and sections are counted by name, not imported and not refused")
    func unknowns() throws {
        let payload = try Self.parse("""
            {"data": {"metrics": [
              {"name": "heart_rate", "units": "count/min", "data": [{"date": "2024-02-06 10:00:00 +0000", "Min": 50, "Avg": 60, "Max": 70}]},
              {"name": "basal_body_temperature", "units": "degC", "data": []},
              {"name": "step_count", "units": "count", "data": [{"date": "2024-02-06 10:00:00 +0000", "qty": 3}]}],
             "stateOfMind": [{}, {}], "medications": []},
             "extra": true}
            """)
        #expect(payload.summary.otherMetrics == ["heart_rate": 1, "basal_body_temperature": 0])
        #expect(payload.summary.otherSections == ["stateOfMind": 2, "medications": 0])
        #expect(payload.records.count == 1)
        #expect(payload.summary.metrics == 3)
        #expect(payload.summary.points == 2)
    }

    @Test("a version 2 workout: id, duration in seconds, distance and energy with their units")
    func workoutV2() throws {
        let payload = try Self.parse("""
            {"data": {"workouts": [{"id": "6B1C", "name": "Outdoor Run", "start": "2026-03-10 19:27:48 +0000",
              "end": "2026-03-10 20:13:23 +0000", "duration": 2735.5, "location": "Outdoor",
              "distance": {"qty": 5.2, "units": "km"}, "activeEnergyBurned": {"qty": 1200, "units": "kJ"},
              "activeEnergy": [{"date": "2026-03-10 19:28:00 +0000", "qty": 3, "units": "kcal"}],
              "heartRate": {"min": {"qty": 90, "units": "bpm"}}, "route": [], "metadata": {}}]}}
            """)
        let workout = try #require(payload.workouts.first)
        #expect(workout.activityType == "HKWorkoutActivityTypeRunning")
        #expect(workout.duration == 2735.5)
        #expect(workout.durationUnit == "s")
        #expect(workout.distance == 5.2 && workout.distanceUnit == "km")
        #expect(workout.energy == 1200 && workout.energyUnit == "kJ")
        #expect(workout.utcOffsetSeconds == 0)
    }

    @Test("a version 1 workout: no id or duration (end minus start), activeEnergy as an amount; workouts beside data")
    func workoutV1() throws {
        let payload = try Self.parse("""
            {"data": {"metrics": []}, "workouts": [{"name": "Traditional Strength Training", "start": "2021-12-24 08:02:43 +0800",
              "end": "2021-12-24 08:21:53 +0800", "activeEnergy": {"qty": 226.2, "units": "kJ"}, "stepCount": {"qty": 908, "units": "steps"}}]}
            """)
        let workout = try #require(payload.workouts.first)
        #expect(workout.activityType == "HKWorkoutActivityTypeTraditionalStrengthTraining")
        #expect(workout.duration == 1150)
        #expect(workout.energy == 226.2 && workout.energyUnit == "kJ")
        #expect(workout.utcOffsetSeconds == 8 * 3600)
    }

    @Test("a workout without name or start, or with an unknown unit, is bad, naming the field")
    func badWorkouts() throws {
        let payload = try Self.parse("""
            {"data": {"workouts": [{"start": "2026-03-10 19:27:48 +0000", "end": "2026-03-10 20:13:23 +0000"},
              {"name": "Walking", "end": "2026-03-10 20:13:23 +0000"},
              {"name": "Walking", "start": "2026-03-10 19:27:48 +0000", "end": "2026-03-10 20:13:23 +0000", "distance": {"qty": 1, "units": "leagues"}},
              42]}}
            """)
        #expect(payload.workouts.isEmpty)
        #expect(payload.summary.bad == 4)
        #expect(payload.summary.workouts == 4)
        let fields = payload.summary.problems.map(\.field)
        #expect(fields.contains("data.workouts[*].name"))
        #expect(fields.contains("data.workouts[*].start"))
        #expect(fields.contains("data.workouts[*].distance"))
    }

    @Test("a payload above the limit is refused as too large before it is parsed")
    func tooLarge() throws {
        let json = Self.metric("step_count", "count", #"{"date": "2024-02-06 10:00:00 +0000", "qty": 3}"#)
        let error = #expect(throws: HealthAutoExportError.self) { try Self.parse(json, maxBytes: json.utf8.count - 1) }
        #expect(error?.tooLarge == true)
        #expect(try Self.parse(json, maxBytes: json.utf8.count).records.count == 1)
    }

    @Test("input that is not the app's JSON is refused with the part at fault", arguments: [
        ("", "payload"), ("[1, 2]", "payload"), ("{\"data\": 5}", "data"), ("{}", "data"),
        ("{\"data\": {\"metrics\": {}}}", "data.metrics"), ("{\"data\": {\"metrics\": [}", "payload"),
    ])
    func notThePayload(json: String, field: String) throws {
        let error = #expect(throws: HealthAutoExportError.self) { try Self.parse(json) }
        #expect(error?.field == field, "\(String(describing: error))")
        #expect(error?.tooLarge == false)
    }

    @Test("deep nesting is an error, not a crash")
    func deepNesting() throws {
        let json = "{\"data\": {\"stateOfMind\": " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}}"
        let payload = try? Self.parse(json)
        #expect(payload?.records.isEmpty ?? true)
    }

    @Test("problems are grouped by field and rule, with a few examples each, the list capped")
    func problemsBounded() throws {
        var points: [String] = []
        for i in 0..<1000 { points.append(#"{"date": "bad \#(i)", "qty": 1}"#) }
        let payload = try Self.parse(Self.metric("step_count", "count", points.joined(separator: ",")))
        #expect(payload.summary.bad == 1000)
        #expect(payload.summary.problems.count == 1)
        #expect(payload.summary.problems[0].count == 1000)
        #expect(payload.summary.problems[0].examples.count == 3)
    }
}
