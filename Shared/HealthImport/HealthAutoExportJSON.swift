import Foundation

/// The payload's JSON as the app writes it, decoded leniently: a point or workout that
/// breaks its shape fails alone (``Lenient``) and is reported, the rest is imported. Unknown
/// keys are ignored; key order does not matter.
enum HealthAutoExportJSON {
    /// `{ "data": {…} }`; one old export has `workouts` beside `data`.
    struct Envelope: Decodable {
        var data: DataObject?
        var workouts: [Lenient<Workout>]?
    }

    /// `data`: `metrics` and `workouts`, and sections Quench does not import (counted).
    struct DataObject: Decodable {
        var metrics: [Lenient<Metric>] = []
        var workouts: [Lenient<Workout>] = []
        /// Items of the other sections (`stateOfMind`, `medications`, `symptoms`, …) by name.
        var others: [String: Int] = [:]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            for key in container.allKeys {
                switch key.stringValue {
                case "metrics":
                    metrics = try container.decodeIfPresent([Lenient<Metric>].self, forKey: key) ?? []
                case "workouts":
                    workouts = try container.decodeIfPresent([Lenient<Workout>].self, forKey: key) ?? []
                default:
                    guard others.count < HealthAutoExportParser.maxNames else {
                        others["(other sections)", default: 0] += 1
                        continue
                    }
                    let items = (try? container.decode([Ignored].self, forKey: key).count) ?? 1
                    others[String(key.stringValue.prefix(100)), default: 0] += items
                }
            }
        }
    }

    /// `{ "name", "units", "data": [point…] }`.
    struct Metric: Decodable {
        var name: String
        var units: String?
        var data: [Lenient<Point>]?
    }

    /// A metric's point: `date` (the bucket), `qty`, `source`; newer exports add `start`/`end`.
    struct Point: Decodable {
        var date: String?
        var start: String?
        var end: String?
        var qty: Quantity?
        var source: String?
    }

    /// A number, or a string holding one (third-party tools send those).
    enum Quantity: Decodable {
        case number(Double)
        /// A string that is no number, kept for the report.
        case text(String)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
                return
            }
            let text = try container.decode(String.self)
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let number = Double(trimmed), !trimmed.isEmpty {
                self = .number(number)
            } else {
                self = .text(String(text.prefix(40)))
            }
        }

        var number: Double? {
            if case .number(let value) = self { return value }
            return nil
        }
    }

    /// `{ "qty", "units" }`, a workout's summary quantity.
    struct Amount: Decodable {
        var qty: Quantity?
        var units: String?
    }

    /// A workout, version 1 or 2 of the app's export format.
    struct Workout: Decodable {
        var id: String?
        var name: String?
        var start: String?
        var end: String?
        /// v2: seconds (fractional).
        var duration: Quantity?
        var distance: Amount?
        /// v2.
        var activeEnergyBurned: Amount?
        /// v1: an amount (in v2 the same key holds a per-minute series, not read).
        var activeEnergy: Amount?
        var source: String?

        enum CodingKeys: String, CodingKey {
            case id, name, start, end, duration, distance, activeEnergyBurned, activeEnergy, source
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try? container.decodeIfPresent(String.self, forKey: .id)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            start = try container.decodeIfPresent(String.self, forKey: .start)
            end = try container.decodeIfPresent(String.self, forKey: .end)
            duration = try container.decodeIfPresent(Quantity.self, forKey: .duration)
            distance = try? container.decodeIfPresent(Amount.self, forKey: .distance)
            activeEnergyBurned = try? container.decodeIfPresent(Amount.self, forKey: .activeEnergyBurned)
            activeEnergy = try? container.decodeIfPresent(Amount.self, forKey: .activeEnergy)
            source = try? container.decodeIfPresent(String.self, forKey: .source)
        }
    }

    /// A value that is only counted.
    struct Ignored: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A value that decodes or says why not, without failing the array around it.
struct Lenient<Value: Decodable>: Decodable {
    var result: Result<Value, any Error>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Value(from: decoder))
        } catch {
            result = .failure(error)
        }
    }
}
