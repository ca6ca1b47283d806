import QuenchStrings
import Foundation

/// Turns the decoded payload into records, workouts and the summary (see ``HealthAutoExportParser``).
struct HealthAutoExportReader {
    var records: [HealthRecord] = []
    var workouts: [HealthWorkout] = []
    var summary = HealthAutoExportSummary()
    /// Problem index by field and rule.
    private var problemIndex: [ProblemKey: Int] = [:]

    private struct ProblemKey: Hashable {
        var field: String
        var rule: AutoExportRuleText
    }

    mutating func read(_ lenient: Lenient<HealthAutoExportJSON.Metric>, index: Int) {
        summary.metrics += 1
        let metric: HealthAutoExportJSON.Metric
        switch lenient.result {
        case .success(let decoded): metric = decoded
        case .failure(let error):
            report("data.metrics[\(index)]", .metricShape(because: HealthAutoExportParser.reason(error)), example: .place("metrics[\(index)]"))
            return
        }
        let points = metric.data ?? []
        summary.points += points.count
        let name = String(metric.name.prefix(100))
        let at = "data.metrics[\(name)]"
        guard let kind = HealthAutoExportUnits.kinds[metric.name] else {
            if summary.otherMetrics[name] != nil || summary.otherMetrics.count < HealthAutoExportParser.maxNames {
                summary.otherMetrics[name, default: 0] += points.count
            } else {
                summary.otherMetrics["(other metrics)", default: 0] += points.count
            }
            return
        }
        guard metric.data != nil else {
            report(at + ".data", .pointsRequired, example: .place("metrics[\(index)]"))
            return
        }
        guard let units = metric.units else {
            report(at + ".units", .unitsRequired(metric: metric.name), count: points.count, example: .place("metrics[\(index)]"))
            return
        }
        guard let conversion = HealthAutoExportUnits.conversion(units, kind: kind) else {
            report(at + ".units", .unitsOneOf(accepted: HealthAutoExportUnits.accepted(kind), metric: metric.name), count: points.count,
                   example: .got(place: nil, value: String(units.prefix(20))))
            return
        }
        for (position, lenientPoint) in points.enumerated() {
            let field = at + ".data[*]"
            let point: HealthAutoExportJSON.Point
            switch lenientPoint.result {
            case .success(let decoded): point = decoded
            case .failure(let error):
                report(field + Self.suffix(error), .pointShape, example: .because(place: "[\(position)]", HealthAutoExportParser.reason(error)))
                continue
            }
            guard let quantity = point.qty else {
                report(field + ".qty", .quantityRequired, example: .place("[\(position)]"))
                continue
            }
            guard let value = quantity.number, value.isFinite else {
                report(field + ".qty", .quantityNumber, example: .got(place: "[\(position)]", value: Self.text(quantity)))
                continue
            }
            guard let instants = interval(point, field: field, position: position) else { continue }
            let source = point.source.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
            records.append(HealthRecord(
                kind: kind, unit: conversion.unit, value: value * conversion.factor,
                sourceName: source ?? HealthAutoExportParser.defaultSource,
                startDate: Date(timeIntervalSince1970: instants.start.epoch), endDate: Date(timeIntervalSince1970: instants.end),
                utcOffsetSeconds: instants.start.utcOffset))
            summary.byKind[kind.rawValue, default: 0] += 1
        }
    }

    /// The point's start (with its offset) and end: `start`/`end` when both are given and
    /// readable, else `date` for both.
    private mutating func interval(
        _ point: HealthAutoExportJSON.Point, field: String, position: Int
    ) -> (start: HealthAutoExportDate, end: Double)? {
        if let startText = point.start, let endText = point.end,
           let start = HealthAutoExportDate(startText), let end = HealthAutoExportDate(endText), end.epoch >= start.epoch {
            return (start, end.epoch)
        }
        guard let text = point.date ?? point.start else {
            report(field + ".date", .timestampRequired, example: .place("[\(position)]"))
            return nil
        }
        guard let date = HealthAutoExportDate(text) else {
            report(field + ".date", .timestamp, example: .got(place: "[\(position)]", value: String(text.prefix(40))))
            return nil
        }
        return (date, date.epoch)
    }

    mutating func read(_ lenient: Lenient<HealthAutoExportJSON.Workout>, at section: String, index: Int) {
        summary.workouts += 1
        let field = section + "[*]"
        let workout: HealthAutoExportJSON.Workout
        switch lenient.result {
        case .success(let decoded): workout = decoded
        case .failure(let error):
            report(field + Self.suffix(error), .workoutShape, example: .because(place: "[\(index)]", HealthAutoExportParser.reason(error)))
            return
        }
        guard let name = workout.name?.trimmingCharacters(in: .whitespaces), !name.isEmpty else {
            report(field + ".name", .activityRequired, example: .place("[\(index)]"))
            return
        }
        guard let startText = workout.start, let start = HealthAutoExportDate(startText) else {
            report(field + ".start", .timestampRequired, example: .got(place: "[\(index)]", value: String((workout.start ?? "nothing").prefix(40))))
            return
        }
        guard let endText = workout.end, let end = HealthAutoExportDate(endText) else {
            report(field + ".end", .timestampRequired, example: .got(place: "[\(index)]", value: String((workout.end ?? "nothing").prefix(40))))
            return
        }
        var seconds = end.epoch - start.epoch
        if let duration = workout.duration {
            guard let value = duration.number, value.isFinite else {
                report(field + ".duration", .durationSeconds, example: .got(place: "[\(index)]", value: Self.text(duration)))
                return
            }
            seconds = value
        }
        var distance: (Double, String)?
        if let amount = workout.distance {
            guard let converted = amount.converted(HealthAutoExportUnits.workoutDistance) else {
                report(field + ".distance", .amountUnits(accepted: HealthAutoExportUnits.workoutDistance.keys.sorted().joined(separator: ", ")),
                       example: .gotUnits(place: "[\(index)]", units: String((amount.units ?? "nothing").prefix(20))))
                return
            }
            distance = converted
        }
        var energy: (Double, String)?
        if let amount = workout.activeEnergyBurned ?? workout.activeEnergy {
            guard let converted = amount.converted(HealthAutoExportUnits.workoutEnergy) else {
                report(field + ".activeEnergyBurned", .amountUnits(accepted: HealthAutoExportUnits.workoutEnergy.keys.sorted().joined(separator: ", ")),
                       example: .gotUnits(place: "[\(index)]", units: String((amount.units ?? "nothing").prefix(20))))
                return
            }
            energy = converted
        }
        let source = workout.source.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        workouts.append(HealthWorkout(
            activityType: HealthAutoExportActivity.hkName(name), duration: seconds, durationUnit: "s",
            distance: distance?.0, distanceUnit: distance?.1, energy: energy?.0, energyUnit: energy?.1,
            sourceName: source ?? HealthAutoExportParser.defaultSource,
            startDate: Date(timeIntervalSince1970: start.epoch), endDate: Date(timeIntervalSince1970: end.epoch),
            utcOffsetSeconds: start.utcOffset))
        summary.byKind["workout", default: 0] += 1
    }

    /// Counts `count` bad points under `field` and `rule`; keeps a few examples.
    private mutating func report(_ field: String, _ rule: AutoExportRuleText, count: Int = 1, example: AutoExportRuleText) {
        summary.bad += count
        let key = ProblemKey(field: field, rule: rule)
        if let index = problemIndex[key] {
            summary.problems[index].count += count
            if summary.problems[index].examples.count < HealthAutoExportParser.maxExamples {
                summary.problems[index].examples.append(English.text(example))
                summary.problems[index].exampleTexts?.append(example)
            }
        } else if summary.problems.count < HealthAutoExportParser.maxProblems {
            problemIndex[key] = summary.problems.count
            summary.problems.append(HealthAutoExportProblem(
                field: field, rule: English.text(rule), count: count, examples: [English.text(example)], ruleText: rule, exampleTexts: [example]))
        }
    }

    /// `.field` of the key a decoding error names inside a point (`.source`), or nothing.
    private static func suffix(_ error: any Error) -> String {
        let path = HealthAutoExportParser.path(of: error)
        guard let last = path.split(separator: ".").last, !last.hasPrefix("["), path != "payload" else { return "" }
        return "." + last.split(separator: "[").first.map(String.init)!
    }

    private static func text(_ quantity: HealthAutoExportJSON.Quantity) -> String {
        switch quantity {
        case .number(let value): String(value)
        case .text(let text): text
        }
    }
}

extension HealthAutoExportJSON.Amount {
    /// The quantity in a unit of `table` (converted when the table says so); nil when either is missing or unknown.
    func converted(_ table: [String: HealthAutoExportUnits.Conversion]) -> (Double, String)? {
        guard let value = qty?.number, value.isFinite, let units,
              let conversion = table[units] ?? table[units.lowercased()] else { return nil }
        return (value * conversion.factor, conversion.unit)
    }
}
