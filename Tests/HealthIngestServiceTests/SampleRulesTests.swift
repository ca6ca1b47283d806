import Foundation
@testable import HealthIngestService
import QuenchProtocol
import Testing

@Suite("Sample rules")
struct SampleRulesTests {
    static let now = Date(timeIntervalSince1970: 1_793_534_400)  // 2026-11-02T12:00:00Z
    static let hourAgo = now.addingTimeInterval(-3600)

    static func rules(_ zone: String = "Europe/Berlin") -> SampleRules {
        SampleRules(now: now, timeZone: TimeZone(identifier: zone)!)
    }

    static func check(_ input: SampleInput) -> Result<ValidSample, SampleRejection> {
        var rules = rules()
        do throws(SampleRejection) {
            return .success(try rules.validate(input))
        } catch {
            return .failure(error)
        }
    }

    static func field(_ input: SampleInput) -> String? {
        if case .failure(let rejection) = check(input) { return rejection.field }
        return nil
    }

    static func reason(_ input: SampleInput) -> String? {
        if case .failure(let rejection) = check(input) { return rejection.reason }
        return nil
    }

    static func sample(_ type: String, _ value: Double, _ unit: String, start: Date = hourAgo, end: Date? = nil) -> SampleInput {
        SampleInput(type: type, value: value, unit: unit, start: start, end: end)
    }

    @Test("physical ranges: the edge is allowed, just past it is skipped as value-out-of-range", arguments: [
        ("steps", 200_000.0, "count", true), ("steps", 200_001, "count", false), ("steps", -1, "count", false), ("steps", 0, "count", true),
        ("body-mass", 500, "kg", true), ("body-mass", 700, "kg", false), ("body-mass", 0, "kg", false), ("body-mass", 1102, "lb", true),
        ("body-mass", 0.0001, "kg", false), ("body-mass", 0.49, "kg", false), ("body-mass", 0.5, "kg", true), ("body-mass", 1.1, "lb", false),
        ("body-mass", 499, "g", false), ("body-mass", 500, "g", true),
        ("dietary-water", 6000, "mL", true), ("dietary-water", 6000.001, "mL", false), ("dietary-water", 6.1, "L", false),
        ("dietary-water", 0.001, "mL", true), ("dietary-water", 0.0004, "mL", false),
        ("body-mass", 1103, "lb", false), ("distance", 500, "km", true), ("distance", 500.001, "km", false), ("distance", -0.1, "m", false),
        ("distance", 310.6, "mi", true), ("distance", 310.7, "mi", false), ("dietary-water", 10, "L", false), ("dietary-water", 10_001, "mL", false),
        ("dietary-water", 0, "mL", false), ("dietary-water", 202, "fl_oz_us", true), ("dietary-water", 203, "fl_oz_us", false),
    ])
    func ranges(type: String, value: Double, unit: String, ok: Bool) {
        let outcome = Self.reason(Self.sample(type, value, unit))
        #expect(outcome == (ok ? nil : SampleRejection.outOfRange), "\(type) \(value) \(unit)")
    }

    @Test("times: not before 2000, at most 5 minutes ahead, the end not before the start")
    func times() {
        #expect(Self.reason(Self.sample("steps", 10, "count", start: Date(timeIntervalSince1970: 946_684_799))) == SampleRejection.tooOld)
        #expect(Self.reason(Self.sample("steps", 10, "count", start: Date(timeIntervalSince1970: 946_684_800))) == nil)
        #expect(Self.reason(Self.sample("steps", 10, "count", start: Self.now.addingTimeInterval(300))) == nil)
        #expect(Self.reason(Self.sample("steps", 10, "count", start: Self.now.addingTimeInterval(301))) == SampleRejection.inFuture)
        #expect(Self.reason(Self.sample("steps", 10, "count", start: Self.hourAgo, end: Self.now.addingTimeInterval(600))) == SampleRejection.inFuture)
        #expect(Self.reason(Self.sample("steps", 10, "count", start: Self.hourAgo, end: Self.hourAgo.addingTimeInterval(-1))) == SampleRejection.endsBeforeStart)
        #expect(Self.reason(Self.sample("steps", .nan, "count")) == SampleRejection.outOfRange)
        #expect(Self.reason(Self.sample("steps", .infinity, "count")) == SampleRejection.outOfRange)
    }

    @Test("units are normalised to count, kg, m and mL; unknown units and types are named")
    func units() throws {
        let lb = try Self.check(Self.sample("body-mass", 160, "lb")).get()
        #expect(abs(lb.normalized - 72.5747792) < 1e-6 && lb.unit == "lb")
        #expect(try Self.check(Self.sample("distance", 1, "mi")).get().normalized == 1609.344)
        #expect(try Self.check(Self.sample("dietary-water", 8, "fl_oz_us")).get().normalized == 236.5882365)
        #expect(try Self.check(Self.sample("dietary-water", 0.5, "L")).get().normalized == 500)
        // The units Health Auto Export converts, read with the same exact factors when an Apple
        // Health export or samples.add writes them: stone, cups, pints, cL/dL, feet, yards, cm.
        let stone = try Self.check(Self.sample("body-mass", 11.5, "ST")).get()
        #expect(abs(stone.normalized - 73.02837157) < 1e-8 && stone.unit == "ST", "kept as written")
        for (value, unit, millilitres) in [(2.0, "cup_us", 473.176473), (1, "cup_imp", 284.130625), (1, "pt_us", 473.176473),
                                           (1, "pt_imp", 568.26125), (33, "cL", 330), (2.5, "dl", 250), (10, "fl_oz_imp", 284.130625)] {
            let water = try Self.check(Self.sample("dietary-water", value, unit)).get()
            #expect(abs(water.normalized - millilitres) < 1e-9, "\(value) \(unit)")
        }
        for (value, unit, metres) in [(1000.0, "ft", 304.8), (100, "yd", 91.44), (250, "cm", 2.5)] {
            let distance = try Self.check(Self.sample("distance", value, unit)).get()
            #expect(abs(distance.normalized - metres) < 1e-9, "\(value) \(unit)")
        }
        // One range per value whatever the unit: 79 st (501.7 kg) and 26 US cups (6151 mL) are out.
        #expect(Self.reason(Self.sample("body-mass", 78.7, "st")) == nil)
        #expect(Self.reason(Self.sample("body-mass", 79, "st")) == SampleRejection.outOfRange)
        #expect(Self.reason(Self.sample("dietary-water", 26, "cup_us")) == SampleRejection.outOfRange)
        #expect(Self.reason(Self.sample("body-mass", 70, "cup_us")) == SampleRejection.unknownUnit)
        guard case .failure(let unit) = Self.check(Self.sample("steps", 1, "furlongs")) else {
            Issue.record("accepted furlongs")
            return
        }
        #expect(unit.reason == SampleRejection.unknownUnit && unit.field == "unit" && unit.message.contains("count"))
        #expect(Self.reason(Self.sample("heart-rate", 60, "count")) == SampleRejection.unknownType)
    }

    @Test("an unknown unit's message lists every unit its type accepts (g for body mass, fl_oz_imp for water)",
          arguments: [("body-mass", 70.0, ["kg", "lb", "g", "st"]),
                      ("dietary-water", 1.0, ["mL", "L", "fl_oz_us", "fl_oz_imp", "cL", "dL", "cup_us", "cup_imp", "pt_us", "pt_imp"]),
                      ("distance", 1.0, ["m", "km", "mi", "ft", "yd", "cm"]), ("steps", 10.0, ["count"])] as [(String, Double, [String])])
    func unknownUnitListsAll(type: String, value: Double, units: [String]) throws {
        for unit in units {
            #expect(throws: Never.self, "\(type) in \(unit)") { _ = try Self.check(Self.sample(type, type == "body-mass" && unit == "g" ? 70_000 : type == "body-mass" && unit == "st" ? 11 : value, unit)).get() }
        }
        guard case .failure(let rejection) = Self.check(Self.sample(type, value, "furlongs")) else {
            Issue.record("accepted furlongs")
            return
        }
        let listed = rejection.message.replacingOccurrences(of: ",", with: " ").split(separator: " ").map(String.init)
        for unit in units {
            #expect(listed.contains(unit), "\(rejection.message) does not name \(unit)")
        }
    }

    @Test("identity: same fields, same identity (unit spelling aside); any field changed, another one")
    func identity() throws {
        let base = SampleInput(type: "dietary-water", value: 250, unit: "mL", start: Self.hourAgo, source: "Waterllama", device: "a")
        let id = try Self.check(base).get().identity
        var sameButSpelling = base
        sameButSpelling.unit = "ml"
        sameButSpelling.device = "b"
        #expect(try Self.check(sameButSpelling).get().identity == id)
        var changes: [SampleInput] = []
        for change in 0..<5 {
            var other = base
            switch change {
            case 0: other.value = 251
            case 1: other.source = "Other"
            case 2: other.start = Self.hourAgo.addingTimeInterval(1)
            case 3: other.end = Self.hourAgo.addingTimeInterval(60)
            default: other.unit = "L"; other.value = 0.25
            }
            changes.append(other)
        }
        let ids = try changes.map { try Self.check($0).get().identity }
        #expect(Set(ids + [id]).count == 6)
    }

    @Test("strength sets: identity includes the occurrence; day, sets and reps are checked")
    func strength() throws {
        let set = SampleInput(type: "strength", value: 45, unit: "lb", day: "2025-10-11", exercise: "Back Squat", sets: 1, reps: 10, occurrence: 0)
        var second = set
        second.occurrence = 1
        let first = try Self.check(set).get()
        #expect(first.identity != (try Self.check(second).get().identity))
        #expect(first.day.description == "2025-10-11" && abs(first.normalized - 20.41165665) < 1e-9)
        var badDay = set
        badDay.day = "2025-02-30"
        #expect(Self.reason(badDay) == SampleRejection.invalid)
        // Named for clients to say in their language (PROTOCOL §4).
        if case .failure(let rejection) = Self.check(badDay) {
            #expect(rejection.rule == ErrorRule("day.date", ["got": "2025-02-30"]), "\(rejection)")
        }
        var future = set
        future.day = "2027-01-01"
        if case .failure(let rejection) = Self.check(future) {
            #expect(rejection.rule?.name == "at.future", "\(rejection)")
        }
        var noReps = set
        noReps.reps = 0
        #expect(Self.reason(noReps) == SampleRejection.outOfRange)
        #expect(Self.reason(future) == SampleRejection.inFuture)
    }

    @Test("workouts: duration to seconds, distance to metres, energy to kcal; activity required; units and ranges named")
    func workout() throws {
        let run = SampleInput(
            type: "workout", value: 1.75, unit: "hr", start: Self.now.addingTimeInterval(-9 * 3600),
            end: Self.now.addingTimeInterval(-9 * 3600 + 6300), source: "Watch",
            utcOffset: -18000, activity: "HKWorkoutActivityTypeRunning", distance: 13.1, distanceUnit: "mi", energy: 4184, energyUnit: "kJ")
        let valid = try Self.check(run).get()
        #expect(valid.type == .workout && valid.normalized == 6300 && valid.exercise == "HKWorkoutActivityTypeRunning")
        #expect(abs((valid.distanceMeters ?? 0) - 21_082.4064) < 1e-6 && abs((valid.energyKcal ?? 0) - 1000) < 1e-9)
        #expect(valid.day == "2026-10-31")  // 03:00Z: 22:00 on Oct 31 at its own -0500 (Nov 1 in Berlin, the request's zone)
        var walk = run
        walk.activity = "HKWorkoutActivityTypeWalking"
        #expect(try Self.check(walk).get().identity != valid.identity)
        var noActivity = run
        noActivity.activity = nil
        #expect(Self.field(noActivity) == "activity")
        var badUnit = run
        badUnit.distanceUnit = "furlong"
        #expect(Self.field(badUnit) == "distanceUnit" && Self.reason(badUnit) == SampleRejection.unknownUnit)
        var far = run
        far.distance = 1001
        far.distanceUnit = "km"
        #expect(Self.field(far) == "distance" && Self.reason(far) == SampleRejection.outOfRange)
        var long = run
        long.value = 169
        #expect(Self.reason(long) == SampleRejection.outOfRange)
    }

    @Test("source names: trimmed, control characters made spaces, length capped; Apple device addresses dropped")
    func names() throws {
        let sample = try Self.check(SampleInput(
            type: "steps", value: 1, unit: "count", start: Self.hourAgo, source: " Anna's\u{0B}Watch ",
            device: "<<HKDevice: 0x283f2a5d0>, name:iPhone, model:iPhone>")).get()
        #expect(sample.source == "Anna's Watch")
        #expect(sample.device == "name:iPhone, model:iPhone")
        #expect(SampleSource.normalizedDevice("Kitchen scale") == "Kitchen scale")
        let long = String(repeating: "x", count: 201)
        #expect(Self.reason(SampleInput(type: "steps", value: 1, unit: "count", start: Self.hourAgo, source: long)) == SampleRejection.invalid)
    }
}

@Suite("Device names")
struct DeviceNameTests {
    @Test("Apple's object address is dropped; anything else is kept as it is")
    func normalize() {
        #expect(SampleSource.normalizedDevice("<<HKDevice: 0x283f2a5d0>, name:iPhone, model:iPhone, software:18.0>") == "name:iPhone, model:iPhone, software:18.0")
        #expect(SampleSource.normalizedDevice("<<HKDevice: 0x1>, name:Watch") == "name:Watch")
        #expect(SampleSource.normalizedDevice("<<HKDevice: 0x1>, >") == "")
        #expect(SampleSource.normalizedDevice("<<HKDevice: 0x283f2a5d0>") == "<<HKDevice: 0x283f2a5d0>")
        #expect(SampleSource.normalizedDevice("Withings scale, name:x>, y") == "Withings scale, name:x>, y")
        #expect(SampleSource.normalizedDevice("") == "")
    }
}
