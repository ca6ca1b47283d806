import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import QuenchProtocol
import QuenchStrings

/// Fetches a challenges feed over HTTP or HTTPS (async-http-client): one GET with the
/// validators of the catalog held (`If-None-Match`, `If-Modified-Since`), a time limit on
/// the whole exchange, and a limit on the body's size.
struct ChallengeFeed: Sendable {
    /// What the catalog held was fetched with (the server's own spelling, sent back as is).
    struct Validators: Equatable, Sendable {
        var etag: String?
        var lastModified: String?
    }

    enum Outcome: Equatable, Sendable {
        /// 304: the catalog held is current.
        case notModified
        /// 200: the body and its validators.
        case fetched(body: Data, validators: Validators)
    }

    /// Why a fetch gave no catalog. `offline` (the network, a timeout or a 5xx: the feed is
    /// away, try later) differs from a feed that answered wrongly (a 4xx, a body too large).
    struct Failure: Error, Equatable {
        var code: ErrorCode
        /// In this run's language.
        var message: String
        /// In English: what goals keeps as the failure's `detail`.
        var english: String
        /// The same as a code and values (goals keeps it as `reason`, for each reader's language).
        var reason: ChallengeSyncReason?
        var offline: Bool { code == .unavailable || code == .deadlineExceeded }

        init(code: ErrorCode, _ text: ChallengeSyncText) {
            self.code = code
            message = tr(text)
            english = Localizer(.en)(text)
            reason = text.reason.map { ChallengeSyncReason($0.code, $0.values) }
        }
    }

    /// The largest body read (a catalog of 1000 items fits in far less).
    static let defaultMaxBytes = 4 << 20
    /// Redirects followed at most.
    static let maxRedirects = 5

    let url: URL
    var timeout: Duration
    var maxBytes = ChallengeFeed.defaultMaxBytes
    /// CA certificates trusted besides the system's roots (``ChallengeFeedCA``, `--ca-file`).
    var extraTrustRoots: [NIOSSLCertificate] = []

    /// `text` as a feed URL: absolute http or https with a host.
    static func url(_ text: String) -> URL? {
        guard text.utf8.count <= ReplaceChallengesRequest.maxURLLength, let url = URL(string: text),
              let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host?.isEmpty == false
        else { return nil }
        return url
    }

    /// One GET of the feed; throws only a ``Failure``.
    func fetch(_ validators: Validators?) async throws -> Outcome {
        // One connection attempt: a refused connection fails at once (async-http-client would
        // otherwise retry it with backoff until the timeout) and reads as offline.
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.retryConnectionEstablishment = false
        let configuration = HTTPClient.Configuration(
            tlsConfiguration: tlsConfiguration, redirectConfiguration: .follow(max: Self.maxRedirects, allowCycles: false),
            timeout: .init(connect: .nanoseconds(timeout.nanoseconds), read: .nanoseconds(timeout.nanoseconds)),
            connectionPool: pool, proxy: nil, ignoreUncleanSSLShutdown: false, decompression: .disabled)
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        let result: Result<Outcome, Failure>
        do {
            result = .success(try await timed(client, validators))
        } catch {
            result = .failure(classify(error))
        }
        try? await client.shutdown()
        return try result.get()
    }

    /// The system's trust roots verify HTTPS (async-http-client's default, full verification
    /// of the chain and of the host name), plus ``extraTrustRoots`` when there are any.
    var tlsConfiguration: TLSConfiguration? {
        guard !extraTrustRoots.isEmpty else { return nil }
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.certificates(extraTrustRoots)]
        return tls
    }

    /// The exchange, within `timeout` as a whole: async-http-client's own deadline ends at
    /// the response head, and its read timeout restarts with each chunk of a slow body.
    private func timed(_ client: HTTPClient, _ validators: Validators?) async throws -> Outcome {
        let limit = timeout
        return try await withThrowingTaskGroup(of: Outcome?.self) { group in
            group.addTask { try await exchange(client, validators) }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            guard let first else {
                throw Failure(code: .deadlineExceeded, .timedOut(seconds: limit.seconds))
            }
            return first
        }
    }

    private func classify(_ error: any Error) -> Failure {
        if let failure = error as? Failure { return failure }
        // A certificate that does not verify is no outage: the feed is refused (exit 65).
        if error is NIOSSLError || error is NIOSSLExtraError {
            // With no CA of its own given, say how to give one.
            return Failure(code: .failedPrecondition, .tlsRefused(String(String(describing: error).prefix(200)), privateCAHint: extraTrustRoots.isEmpty))
        }
        if let error = error as? HTTPClientError {
            if [HTTPClientError.deadlineExceeded, .readTimeout, .connectTimeout].contains(error) {
                return Failure(code: .deadlineExceeded, .timedOut(seconds: timeout.seconds))
            }
            if [HTTPClientError.redirectLimitReached, .redirectCycleDetected].contains(error) {
                return Failure(code: .failedPrecondition, .redirects(limit: Self.maxRedirects))
            }
        }
        return Failure(code: .unavailable, .unreachable(Self.systemWords(error)))
    }

    /// A socket error in the system's words ("Connection refused"), not NIO's debug text
    /// ("connection reset (error set): Connection refused (errno: 111)"); anything else as it describes itself.
    static func systemWords(_ error: any Error) -> SystemErrorText {
        if let io = error as? IOError { return SystemErrorText(errno: io.errnoCode) }
        return SystemErrorText(detail: String(String(describing: error).prefix(200)))
    }

    private func exchange(_ client: HTTPClient, _ validators: Validators?) async throws -> Outcome {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: "quench-challenges-sync")
        if let etag = validators?.etag { request.headers.add(name: "If-None-Match", value: etag) }
        if let lastModified = validators?.lastModified { request.headers.add(name: "If-Modified-Since", value: lastModified) }
        let response = try await client.execute(request, timeout: .nanoseconds(timeout.nanoseconds))
        let status = response.status
        switch status.code {
        case 200:
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBytes {
                throw Failure(code: .tooLarge, .tooLarge(bytes: length, limit: maxBytes))
            }
            let buffer: ByteBuffer
            do {
                buffer = try await response.body.collect(upTo: maxBytes)
            } catch is NIOTooManyBytesError {
                throw Failure(code: .tooLarge, .bodyTooLarge(limit: maxBytes))
            }
            func header(_ name: String) -> String? {
                response.headers.first(name: name).map { String($0.unicodeScalars.filter { (0x20...0x7e).contains($0.value) }) }
                    .flatMap { $0.isEmpty || $0.utf8.count > ReplaceChallengesRequest.maxValidatorLength ? nil : $0 }
            }
            return .fetched(
                body: Data(buffer.readableBytesView), validators: Validators(etag: header("ETag"), lastModified: header("Last-Modified")))
        case 304:
            return .notModified
        case 500...599:
            throw Failure(code: .unavailable, .serverFailed(code: Int(status.code), reason: String(status.reasonPhrase.prefix(80))))
        default:
            throw Failure(code: .failedPrecondition, .unexpectedStatus(code: Int(status.code), reason: String(status.reasonPhrase.prefix(80))))
        }
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    var seconds: Double {
        Double(nanoseconds) / 1e9
    }
}
