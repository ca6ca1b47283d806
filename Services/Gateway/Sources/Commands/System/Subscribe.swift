import ArgumentParser
import Foundation
import Logging
import MessagePack
import QuenchProtocol
import QuenchClient
import Synchronization
import ZeroMQ
import QuenchStrings

/// `quench subscribe [TOPIC…] [--from-seq N]`
struct Subscribe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Stream events as they happen (one JSON object a line with --json).",
        discussion: HelpText.reflow("""
            TOPIC is a prefix of the event type (goal.changed, intake., health.); none means all.
            With --from-seq N, each publisher's stored events from seq N on are replayed first.
            Ctrl-C stops. With a user's key (`quench keys add-user`) the command connects to each
            service's user event stream and receives only that user's events.

            Examples:
              quench subscribe goal.changed
              quench subscribe intake. --from-seq 1 --json
            """))

    @OptionGroup var global: GlobalOptions

    @Argument(help: "Event type prefixes.")
    var topics: [String] = []

    @Option(help: "Replay stored events from this seq on (per publisher) before streaming.")
    var fromSeq: UInt64?

    @Option(help: "Only this publisher (intake, goals, health-ingest, analytics).")
    var publisher: String?

    @Option(help: "Stop after this many events (for scripts).")
    var count: Int?

    func validate() throws {
        if let publisher, !ServiceName.all.contains(publisher) {
            throw ValidationError(tr(SystemText.publisherMustBe(list: ServiceName.all.joined(separator: ", "), got: publisher)))
        }
        if let count, count < 1 {
            throw ValidationError(tr(SystemText.countAtLeastOne))
        }
    }

    func run() async throws {
        try await CLI.run(global) { gateway, output in
            let publishers = publisher.map { [$0] } ?? ServiceName.all
            let topics = self.topics
            let printer = EventPrinter(output: output, topics: topics, limit: count)
            let signals = SignalStop()
            let (stream, continuation) = AsyncStream<Envelope>.makeStream(bufferingPolicy: .bufferingOldest(100_000))
            let reactor = try Reactor(name: "quench-subscribe")
            defer { reactor.stop() }
            let status = PublisherStatus(reactor: reactor)
            // A user principal reads the user stream, where its subscriptions are confined to
            // `<user>/…` (the SUB filters locally too, so it subscribes with that prefix).
            let streamUser = gateway.config.userPrincipal
            let prefixes = streamUser.map { user in topics.isEmpty ? ["\(user)/"] : topics.map { "\(user)/\($0)" } }
                ?? (topics.isEmpty ? [""] : topics)
            // Live first (so nothing falls between replay and stream), then the replay.
            for name in publishers {
                let endpoint = try gateway.endpoint(name)
                let address = streamUser == nil ? endpoint.pub : endpoint.userPubEndpoint
                let curve = try gateway.credentials(for: name)
                try await reactor.perform {
                    let socket = try SharedContext.context.makeSocket(.sub)
                    try socket.setLinger(0)
                    try socket.setMaxMessageSize(16 << 20)
                    if let curve {
                        try socket.setCurveServerKey(curve.serverPublicKey)
                        try socket.setCurveKeys(publicKey: curve.publicKey, secretKey: curve.secretKey)
                    }
                    for prefix in prefixes { try socket.subscribe(prefix) }
                    try status.watch(socket, publisher: name, address: address)
                    try socket.connect(address)
                    reactor.register(socket) {
                        while let frames = try? socket.receiveMultipart(dontWait: true, maxFrames: 4) {
                            guard frames.count == 2, let envelope = try? Envelope.decode(frames[1]),
                                  envelope.type != EventDescriptor.heartbeat.name else { continue }
                            continuation.yield(envelope)
                        }
                    }
                }
            }
            reactor.execute { status.start() }
            if let fromSeq {
                for name in publishers {
                    var after = fromSeq > 0 ? fromSeq - 1 : 0
                    while true {
                        let page: EventsSinceReply = try await gateway.call(
                            .eventsSince, EventsSinceRequest(after: after, limit: 500), service: name, requiresUser: false)
                        for raw in page.events {
                            let envelope = try raw.decode(Envelope.self)
                            after = max(after, envelope.seq ?? after)
                            if try printer.print(envelope) { return }
                        }
                        if page.events.isEmpty || after >= page.headSeq { break }
                    }
                }
            }
            signals.install { continuation.finish() }
            for await envelope in stream {
                if try printer.print(envelope) { break }
            }
        }
    }
}

/// Prints each event once (replay and live may overlap) in the chosen format.
final class EventPrinter: @unchecked Sendable {
    private let output: Output
    private let topics: [String]
    private let limit: Int?
    private var printed = 0
    private var lastSeq: [String: UInt64] = [:]

    init(output: Output, topics: [String], limit: Int?) {
        self.output = output
        self.topics = topics
        self.limit = limit
    }

    /// Returns true when the limit is reached.
    func print(_ envelope: Envelope) throws -> Bool {
        guard topics.isEmpty || topics.contains(where: { envelope.type.hasPrefix($0) }) else { return false }
        let publisher = envelope.publisher ?? "?"
        if let seq = envelope.seq {
            if let last = lastSeq[publisher], seq <= last { return false }
            lastSeq[publisher] = seq
        }
        let body = try envelope.body.map { JSONValue(try $0.decode(MessagePackValue.self)) } ?? .null
        if output.json {
            struct Line: Encodable {
                var publisher: String
                var seq: UInt64?
                var type: String
                var user: String?
                var sentAt: Date
                var body: JSONValue
            }
            output.line(try Output.jsonText(
                Line(publisher: publisher, seq: envelope.seq, type: envelope.type, user: envelope.user, sentAt: envelope.sentAt, body: body),
                pretty: false))
        } else {
            let bodyText = try Output.jsonText(body, pretty: false)
            output.line("\(output.style.dim("\(publisher) #\(envelope.seq ?? 0)")) \(output.style.bold(envelope.type)) \(envelope.user.map { "user=\($0) " } ?? "")\(bodyText)")
        }
        fflush(nil)
        printed += 1
        return limit.map { printed >= $0 } ?? false
    }
}

/// Ctrl-C / SIGTERM end the stream cleanly (exit 0).
final class SignalStop: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []

    func install(_ stop: @escaping @Sendable () -> Void) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            sources.append(source)
        }
    }
}
