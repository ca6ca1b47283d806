import ArgumentParser
import Foundation
import QuenchProtocol
import QuenchStrings

extension Challenges {
    /// `quench challenges sync [URL]`: the CLI fetches the feed and hands the checked items to
    /// goals, which replaces its catalog in one transaction (docs/OPERATIONS.md, "Challenges
    /// feed"). Goals itself never goes to the network: its writer never waits on a feed, it
    /// needs no outbound access, and a timer runs this command.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Fetch the challenge catalog from a feed over HTTP or HTTPS (operators).",
            discussion: HelpText.reflow("""
                GETs URL ({"items":[{"id","title","description","type","goal","reward":{"trophy","points"}}]}) \
                with the validators of the catalog held (If-None-Match, If-Modified-Since): a 304 keeps it. \
                Each bad item (unreadable, breaking a rule, an unknown type, a repeated id) is reported by \
                index, id and field and left out; the others replace the catalog in one transaction \
                (challenges the feed no longer has are retired). Changed rewards count from today in UTC+14 \
                (where the day starts first) on: a day already over keeps the points it was earned with. \
                Offline (no connection, a timeout, a 5xx), the cached catalog is shown with its age and the \
                exit status is 69.

                URL defaults to $QUENCH_CHALLENGES_URL, then challengesURL in the client config, then \
                the URL of the last sync.

                HTTPS is verified against the system's trust roots (the chain, the host name or IP address, \
                the dates); a certificate that does not verify is refused (exit 65, the catalog kept). For a \
                feed behind a private CA, give the CA's certificate (PEM) with --ca-file, \
                $QUENCH_CHALLENGES_CA_FILE or challengesCAFile in the client config: it is trusted besides \
                the system's roots. A CA file that is missing or holds no PEM certificate exits 64.

                Example: quench challenges sync https://example.org/challenges.json
                         quench challenges sync https://feeds.lan/feed.json --ca-file ca.pem
                """))

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The feed's http or https URL.")
        var url: String?

        @Option(
            name: .customLong("ca-file"),
            help: ArgumentHelp("A PEM file of CA certificates the feed's HTTPS certificate may also chain to, besides the system's trust roots (a feed behind a private CA). Default $QUENCH_CHALLENGES_CA_FILE, then challengesCAFile in the client config.", valueName: "PATH"))
        var caFile: String?

        @Option(name: .customLong("fetch-timeout"), help: ArgumentHelp("Seconds the whole fetch may take (0.1 to 600, default 10).", valueName: "SECONDS"))
        var fetchTimeout: Double = 10

        func validate() throws {
            guard (0.1...600).contains(fetchTimeout) else {
                throw ValidationError(tr(ChallengeSyncText.fetchTimeoutRange(got: fetchTimeout)))
            }
            if let url, ChallengeFeed.url(url) == nil {
                throw ValidationError(tr(ChallengeSyncText.badURLArgument(String(url.prefix(80)))))
            }
        }

        /// What `--json` prints.
        struct Report: Encodable {
            /// `replaced` or `not_modified`.
            var outcome: String
            var url: String
            var replaced: ReplaceChallengesReply?
            var skipped: [ChallengeFeedParser.Skipped]
            var source: ChallengeSyncState?
        }

        func run() async throws {
            try await CLI.run(global) { gateway, output in
                // A CA file that cannot be used stops the command before anything is asked of goals.
                let ca = ChallengeFeedCA.resolve(
                    argument: caFile, environment: ProcessInfo.processInfo.environment, config: gateway.config.challengesCAFile,
                    configPath: gateway.configPath)
                let extraTrustRoots = try ca?.certificates() ?? []
                let held: ListChallengesReply = try await gateway.call(.challengesList, ListChallengesRequest(), requiresUser: false)
                let text = try Sync.feedURL(
                    argument: url, environment: ProcessInfo.processInfo.environment, config: gateway.config.challengesURL,
                    last: held.source?.url)
                guard let feedURL = ChallengeFeed.url(text) else {
                    throw CLIError.invalid(field: "URL", message: tr(ChallengeSyncText.badURL(String(text.prefix(80)))))
                }
                let validators = held.source.flatMap { $0.url == text ? ChallengeFeed.Validators(etag: $0.etag, lastModified: $0.lastModified) : nil }
                var feed = ChallengeFeed(url: feedURL, timeout: .milliseconds(Int(fetchTimeout * 1000)))
                feed.extraTrustRoots = extraTrustRoots
                let report: Report
                do {
                    switch try await feed.fetch(validators) {
                    case .notModified:
                        let checked: ChallengesCheckedReply = try await gateway.call(
                            .challengesChecked, ChallengesCheckedRequest(url: text, outcome: ChallengeSyncState.Outcome.notModified, detail: nil),
                            requiresUser: false)
                        report = Report(outcome: ChallengeSyncState.Outcome.notModified, url: text, skipped: [], source: checked.source)
                    case .fetched(let body, let fetched):
                        let parsed = try ChallengeFeedParser.parse(body)
                        // Named before the catalog is sent, so they show even when goals refuses it.
                        if !output.json {
                            for item in parsed.skipped {
                                let text = item.id.map { ChallengeSyncText.skippedWithID(field: item.field, id: $0, message: item.message) }
                                    ?? ChallengeSyncText.skipped(field: item.field, message: item.message)
                                Sync.warn(tr(text), output)
                            }
                        }
                        let reply: ReplaceChallengesReply = try await gateway.call(
                            .challengesReplace,
                            ReplaceChallengesRequest(
                                items: parsed.items, url: text, etag: fetched.etag, lastModified: fetched.lastModified,
                                skipped: parsed.skipped.count),
                            requiresUser: false)
                        report = Report(
                            outcome: ChallengeSyncState.Outcome.replaced, url: text, replaced: reply, skipped: parsed.skipped, source: reply.source)
                    }
                } catch let failure as ChallengeFeed.Failure {
                    try await Sync.keep(held, after: failure, url: text, gateway: gateway, output: output)
                    return
                }
                try output.emit(report) {
                    guard let replaced = report.replaced else { return tr(ChallengeSyncText.notModified(url: text)) }
                    return tr(ChallengeSyncText.replaced(
                        received: replaced.received, created: replaced.created, updated: replaced.updated, unchanged: replaced.unchanged,
                        retired: replaced.retired, effectiveDay: l10n.day(replaced.effectiveDay.description)))
                }
            }
        }

        /// A fetch that gave no catalog: goals notes it, the catalog stays; offline, the cached
        /// catalog is shown with its age (stdout) before the error (stderr, exit 69).
        static func keep(
            _ held: ListChallengesReply, after failure: ChallengeFeed.Failure, url: String, gateway: Gateway, output: Output
        ) async throws {
            let checked: ChallengesCheckedReply? = try? await gateway.call(
                .challengesChecked, ChallengesCheckedRequest(
                    url: url, outcome: ChallengeSyncState.Outcome.failed, detail: failure.english, reason: failure.reason),
                requiresUser: false)
            if failure.offline {
                var cached = held
                cached.source = checked?.source ?? held.source
                if !output.json {
                    warn(tr(ChallengeSyncText.offline(reason: failure.message)), output)
                }
                try output.emit(cached) { Challenges.catalogText(cached, style: output.style) }
            }
            // Offline is `unavailable` (exit 69) whatever kept the feed away; a wrong feed exits 65.
            throw CLIError.rejected(
                service: "feed",
                error: QuenchError(failure.offline ? .unavailable : failure.code, "\(url): \(failure.message); \(tr(ChallengeSyncText.catalogKept))"))
        }

        /// A line on stderr after the warning mark (wrapped at the terminal's width).
        static func warn(_ text: String, _ output: Output) {
            let line = output.wrapped(output.style.yellow(tr(ChallengeSyncText.warningPrefix)) + " " + text)
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }

        /// The URL given, else `$QUENCH_CHALLENGES_URL`, else the client config's
        /// `challengesURL`, else the last sync's.
        static func feedURL(argument: String?, environment: [String: String], config: String?, last: String?) throws -> String {
            let candidates = [argument, environment["QUENCH_CHALLENGES_URL"], config, last]
            guard let url = candidates.compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
                throw CLIError.usage(tr(ChallengeSyncText.noURL))
            }
            return url
        }
    }
}
