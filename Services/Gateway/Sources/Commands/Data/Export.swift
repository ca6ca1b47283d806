import ArgumentParser
import Foundation
import MessagePack
import QuenchProtocol
import QuenchStrings

/// `quench export [--out FILE]`
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Everything stored about you, gathered from every service into one JSON file.",
        discussion: HelpText.reflow("""
            Asks intake, goals and health-ingest in parallel (analytics holds only what it derives
            from them). Without --out the JSON goes to stdout.

            Example: quench export --out me.json
            """))

    @OptionGroup var global: GlobalOptions

    @Option(help: "Write the JSON here instead of stdout.")
    var out: String?

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let user = try gateway.requireUser()
            async let intake: MessagePackValue = Export.intakePages(gateway)
            async let goals: MessagePackValue = Export.goalPages(gateway)
            async let health: MessagePackValue = Export.healthPages(gateway)
            let document = JSONValue.object([
                ("user", .string(user)),
                ("exportedAt", .string(ISO8601DateFormatter().string(from: Date()))),
                ("intake", JSONValue(try await intake)),
                ("goals", JSONValue(try await goals)),
                ("health", JSONValue(try await health)),
            ])
            let text = try Output.jsonText(document)
            if let out {
                do {
                    try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
                } catch {
                    throw CLIError.io(tr(SetupText.cannotWrite(path: out, reason: diagnostic(error))))
                }
                struct Result: Encodable {
                    var user: String
                    var file: String
                    var bytes: Int
                }
                try output.emit(Result(user: user, file: out, bytes: text.utf8.count + 1)) {
                    tr(SetupText.exported(user: user, file: out))
                }
            } else {
                output.line(text)
            }
        }
    }

    /// intake.export pages by cursor: the fluids come with the first page, the intakes of
    /// every page are joined into one value (`{fluids, intakes}`).
    static func intakePages(_ gateway: Gateway) async throws -> MessagePackValue {
        try await cursorPages(gateway, .intakeExport, items: "intakes") { IntakeExportRequest(cursor: $0) }
    }

    /// goal.export pages its goal periods by cursor (the settings on every page); the
    /// periods of every page are joined into one value.
    static func goalPages(_ gateway: Gateway) async throws -> MessagePackValue {
        try await cursorPages(gateway, .goalExport, items: "goals") { GoalExportRequest(cursor: $0) }
    }

    /// Follows `nextCursor` from page to page: the list under `items` of every page joined,
    /// the other fields as the first page has them, `nextCursor` left out.
    static func cursorPages<Request, Reply>(
        _ gateway: Gateway, _ message: Query<Request, Reply>, items key: String, request: (String?) -> Request
    ) async throws -> MessagePackValue {
        var cursor: String?
        var first: [MessagePackMapEntry] = []
        var items: [MessagePackValue] = []
        repeat {
            let page = try await gateway.call(message.replying(as: MessagePackValue.self), request(cursor))
            guard case .map(let entries) = page else { return page }
            cursor = nil
            for entry in entries {
                switch entry.key {
                case .string(key):
                    if case .array(let values) = entry.value { items += values }
                case .string("nextCursor"):
                    if case .string(let next) = entry.value { cursor = next }
                default:
                    if !first.contains(where: { $0.key == entry.key }) { first.append(entry) }
                }
            }
        } while cursor != nil
        first.append(MessagePackMapEntry(key: .string(key), value: .array(items)))
        return .map(first)
    }

    /// health.export pages its samples by anchor and its import jobs by `importsNextCursor`
    /// (both walked in the same requests); the pages are joined into one value.
    static func healthPages(_ gateway: Gateway) async throws -> MessagePackValue {
        var after: Int64?
        var importsCursor: String?
        var first: [MessagePackMapEntry] = []
        var samples: [MessagePackValue] = []
        var imports: [MessagePackValue] = []
        while true {
            let page = try await gateway.call(
                MessageDescriptor.healthExport.replying(as: MessagePackValue.self),
                HealthExportRequest(after: after, limit: HealthExportRequest.maxLimit, importsCursor: importsCursor))
            guard case .map(let entries) = page else { return page }
            var more = false
            importsCursor = nil
            for entry in entries {
                switch entry.key {
                case .string("samples"):
                    if case .array(let items) = entry.value { samples += items }
                case .string("imports"):
                    if case .array(let items) = entry.value { imports += items }
                case .string("importsNextCursor"):
                    if case .string(let next) = entry.value { importsCursor = next }
                case .string("more"):
                    if case .bool(let flag) = entry.value { more = flag }
                case .string("anchor"):
                    switch entry.value {
                    case .int(let value): after = value
                    case .uint(let value): after = Int64(clamping: value)
                    default: break
                    }
                default:
                    if first.isEmpty || !first.contains(where: { $0.key == entry.key }) {
                        first.append(entry)
                    }
                }
            }
            if !more && importsCursor == nil { break }
        }
        first = first.filter { $0.key != .string("anchor") && $0.key != .string("more") }
        first.append(MessagePackMapEntry(key: .string("imports"), value: .array(imports)))
        first.append(MessagePackMapEntry(key: .string("samples"), value: .array(samples)))
        return .map(first)
    }
}
