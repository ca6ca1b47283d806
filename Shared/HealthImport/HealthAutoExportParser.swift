public import QuenchStrings
public import Foundation

/// Reads a Health Auto Export REST payload (the iOS app's JSON, both export versions):
/// `data.metrics[]` of `{name, units, data: [{date, qty, source, start?, end?}]}` and
/// `data.workouts[]`. Steps, walking/running distance, body mass and dietary water points
/// and workouts become ``HealthRecord``s and ``HealthWorkout``s; every other metric and
/// section is counted, every bad point is reported with its field and rule, nothing is
/// dropped unsaid.
///
/// Bounded: a payload above ``maxBytes`` is refused before it is parsed
/// (``HealthAutoExportError/tooLarge``), nesting deeper than the JSON decoder's limit is an
/// error, and the names kept in the summary are capped at ``maxNames``.
public struct HealthAutoExportParser: Sendable {
    /// 32 MiB: a week of per-minute points of a dozen metrics is a few MB; the app's
    /// "batch requests" setting splits larger syncs.
    public static let defaultMaxBytes = 32 << 20
    /// Most problems listed (further rules are counted in ``HealthAutoExportSummary/bad``).
    public static let maxProblems = 20
    /// Most distinct metric or section names kept in a summary (further ones are counted under one name; with it the summary stays within what `import.finish` takes, 500).
    public static let maxNames = 400
    static let maxExamples = 3
    /// The source of points that name none (old exports, or `""`).
    public static let defaultSource = "Health Auto Export"

    public var maxBytes: Int

    public init(maxBytes: Int = Self.defaultMaxBytes) {
        self.maxBytes = maxBytes
    }

    /// Reads the file (at most ``maxBytes`` + 1 bytes) and parses it.
    public func parse(path: String) throws -> HealthAutoExportPayload {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw HealthAutoExportError(field: "path", .cannotOpen(path: path))
        }
        defer { try? handle.close() }
        let data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        return try parse(data)
    }

    /// Parses a payload held in memory.
    public func parse(_ data: Data) throws(HealthAutoExportError) -> HealthAutoExportPayload {
        guard data.count <= maxBytes else {
            throw HealthAutoExportError(field: "payload", .tooLarge(max: maxBytes), tooLarge: true)
        }
        let envelope: HealthAutoExportJSON.Envelope
        do {
            envelope = try JSONDecoder().decode(HealthAutoExportJSON.Envelope.self, from: data)
        } catch {
            throw HealthAutoExportError(field: Self.path(of: error), .notAnObject(because: Self.reason(error)))
        }
        guard envelope.data != nil || envelope.workouts != nil else {
            throw HealthAutoExportError(field: "data", .dataRequired)
        }
        var reader = HealthAutoExportReader()
        reader.summary.bytes = data.count
        if let body = envelope.data {
            reader.summary.otherSections = body.others
            for (index, metric) in body.metrics.enumerated() {
                reader.read(metric, index: index)
            }
            for (index, workout) in body.workouts.enumerated() {
                reader.read(workout, at: "data.workouts", index: index)
            }
        }
        for (index, workout) in (envelope.workouts ?? []).enumerated() {
            reader.read(workout, at: "workouts", index: index)
        }
        return HealthAutoExportPayload(records: reader.records, workouts: reader.workouts, summary: reader.summary)
    }

    /// The payload path a decoding error points at (`data.metrics[2].name`).
    static func path(of error: any Error) -> String {
        let path: [any CodingKey]
        switch error as? DecodingError {
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            path = context.codingPath
        case .keyNotFound(let key, let context)?:
            path = context.codingPath + [key]
        default:
            path = []
        }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "payload" : text
    }

    /// A decoding error's reason in a few words.
    static func reason(_ error: any Error) -> AutoExportRuleText {
        switch error as? DecodingError {
        case .typeMismatch(let type, _)?: type == Double.self ? .expectedNumber : type == String.self ? .expectedString : .expectedOther
        case .valueNotFound?: .nullValue
        case .keyNotFound(let key, _)?: .keyMissing(key.stringValue)
        // Corrupt at the top: not JSON at all.
        case .dataCorrupted(let context)? where context.codingPath.isEmpty: .invalidJSON
        case .dataCorrupted(let context)?: .decoderDetail(String(context.debugDescription.prefix(200)))
        default: .decoderDetail(String(String(describing: error).prefix(200)))
        }
    }
}

/// A payload refused as a whole: not JSON, not the app's shape, or too large.
public struct HealthAutoExportError: Error, CustomStringConvertible, Equatable {
    /// The part of the payload at fault (`payload`, `data`, `data.metrics`, …).
    public var field: String
    /// What is wrong with it, as a catalog message (the CLI shows it in the user's language).
    public var rule: AutoExportRuleText
    /// Above the size limit (HTTP 413).
    public var tooLarge = false

    /// Creates the error.
    public init(field: String, _ rule: AutoExportRuleText, tooLarge: Bool = false) {
        self.field = field
        self.rule = rule
        self.tooLarge = tooLarge
    }

    /// The rule in English (the HTTP endpoint's and `--json`'s message).
    public var message: String { English.text(rule) }

    public var description: String { "\(field): \(message)" }
}
