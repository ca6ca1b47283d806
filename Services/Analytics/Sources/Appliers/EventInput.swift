import QuenchProtocol
import QuenchRuntime

/// Reading an event for an applier: anything it cannot use becomes an `EventSkip`
/// (logged, counted in `system.health`, skipped) naming the event and the field.
enum EventInput {
    static let maxUserLength = 200
    static let maxIdLength = 200

    static func user(_ raw: String, _ event: Envelope) throws -> String {
        guard !raw.isEmpty, raw.count <= maxUserLength else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): user must be 1 to \(maxUserLength) characters")
        }
        return raw
    }

    static func id(_ raw: String, field: String, _ event: Envelope) throws -> String {
        guard !raw.isEmpty, raw.count <= maxIdLength else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): \(field) must be 1 to \(maxIdLength) characters")
        }
        return raw
    }

    static func day(_ raw: String, field: String = "day", _ event: Envelope) throws -> String {
        guard let day = LocalDay(raw) else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): \(field) '\(raw.prefix(40))' is not a date YYYY-MM-DD")
        }
        return day.description
    }

    static func number(_ value: Double, field: String, in range: ClosedRange<Double>, _ event: Envelope) throws -> Double {
        guard value.isFinite, range.contains(value) else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): \(field) must be within \(range), got \(value)")
        }
        return value
    }

    static func integer<Value: BinaryInteger>(_ value: Value, field: String, in range: ClosedRange<Value>, _ event: Envelope) throws -> Value {
        guard range.contains(value) else {
            throw EventSkip("\(event.type) seq \(event.seq ?? 0): \(field) must be within \(range), got \(value)")
        }
        return value
    }
}
