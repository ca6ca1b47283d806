import Foundation
import ServiceLifecycle
import QuenchProtocol
import WebDashboard

/// The loop behind one `GET /events` response.
enum LiveStream {
    private enum Item: Sendable {
        case change(LiveEventHub.Change)
        case ping
    }

    /// Sends each change until `deadline`, the end of `changes`, a failed write (the browser
    /// went away) or graceful shutdown, and `ping` every `heartbeat`.
    static func run(
        changes: AsyncStream<LiveEventHub.Change>, deadline: ContinuousClock.Instant, heartbeat: Duration,
        send: (LiveEventHub.Change) async throws -> Void, ping: () async throws -> Void
    ) async throws {
        let (items, out) = AsyncStream<Item>.makeStream(bufferingPolicy: .bufferingNewest(64))
        try await withGracefulShutdownHandler {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await change in changes { out.yield(.change(change)) }
                    out.finish()
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: heartbeat)
                        out.yield(.ping)
                    }
                }
                group.addTask {
                    try await Task.sleep(until: deadline)
                    out.finish()
                }
                defer { group.cancelAll() }
                for await item in items {
                    switch item {
                    case .change(let change): try await send(change)
                    case .ping: try await ping()
                    }
                }
            }
        } onGracefulShutdown: {
            out.finish()
        }
    }

    /// Waits (at most 2 s) until analytics has applied `change`'s event, so a page reading
    /// analytics' read models shows it when it refreshes. Pages that read the owning
    /// service need no wait, but one listener serves every page of the tab. The user stream
    /// carries no `seq` (it would count every user's events), so the wait is for the
    /// publisher's head as it answers `system.ping` now, which is at least the event's.
    static func waitForAnalytics(_ change: LiveEventHub.Change, backend: Backend, user: String, zone: ZoneID) async {
        guard !change.publisher.isEmpty, ServiceName.domain.contains(change.publisher),
              let head = try? await backend.call(.systemPing, PingRequest(), service: change.publisher).headSeq, head > 0 else { return }
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            guard let lag = try? await backend.call(.analyticsLag, LagRequest(), for: user, zone: zone.identifier) else { return }
            guard let entry = lag.publishers.first(where: { $0.publisher == change.publisher }), entry.appliedSeq < head else { return }
            try? await Task.sleep(for: .milliseconds(25))
        }
    }
}
