import Foundation
import MessagePack
import QuenchProtocol
import QuenchClient
import ZeroMQ

/// Analytics queries over one user's history, grown in stages (≈ 1×, 10×, 100×: 36 days,
/// one year, ten years) through the real services: hourly steps (`samples.add`) and eight
/// drinks a day (`intake.log`), applied by analytics from the events. Server time is
/// estimated as the query round trip minus the median `system.ping` round trip, measured
/// interleaved on the same raw DEALER connection (the reply is not decoded).
enum AnalyticsBench {
    static let user = "tenyears"

    static func run(_ bench: BenchRun) async throws {
        let report = bench.report
        let deployment = try await bench.full()
        let health = try deployment.client(ServiceName.healthIngest, user: user)
        let intake = try deployment.client(ServiceName.intake, user: user)
        let analytics = try deployment.client(ServiceName.analytics, user: user)
        _ = try await health.call(.consentGrant, ConsentChangeRequest(types: ["steps"]), idempotencyKey: UUID().uuidString)
        let stages = bench.quick ? [36, 365] : [36, 365, 3650]
        var covered = 0
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let today = utc.startOfDay(for: Date())
        report.note("analytics: user history fed through the services (24 hourly step samples + 8 drinks per day); server time = query round trip − median ping round trip on the same connection; \(bench.quick ? 100 : 300) queries of each kind per stage, interleaved")
        for days in stages {
            let feedStart = Clock.nanos()
            try await feed(health: health, intake: intake, today: today, fromDaysAgo: covered + 1, toDaysAgo: days)
            try await waitForCatchUp(analytics)
            let feedSeconds = Clock.seconds(since: feedStart)
            covered = days
            try measure(bench, deployment: deployment, days: days, today: today, calendar: utc, feedSeconds: feedSeconds)
        }
        await health.close()
        await intake.close()
        await analytics.close()
    }

    /// Feeds the days `fromDaysAgo…toDaysAgo` before today.
    static func feed(health: RPCClient, intake: RPCClient, today: Date, fromDaysAgo: Int, toDaysAgo: Int) async throws {
        var generator = SystemRandomNumberGenerator()
        var samples: [SampleInput] = []
        var drinks: [LogIntakeRequest] = []
        for daysAgo in fromDaysAgo...toDaysAgo {
            let day = today.addingTimeInterval(-Double(daysAgo) * 86400)
            for hour in 0..<24 {
                let start = day.addingTimeInterval(Double(hour) * 3600)
                let steps = hour < 7 || hour > 22 ? 0 : Double(Int.random(in: 100...1500, using: &generator))
                samples.append(SampleInput(type: "steps", value: steps, unit: "count", start: start, end: start.addingTimeInterval(3600), source: "iPhone"))
            }
            for drink in 0..<8 {
                let at = day.addingTimeInterval(Double(7 + drink * 2) * 3600 + 600)
                drinks.append(LogIntakeRequest(fluid: drink % 3 == 0 ? "coffee" : "water", volume: Double(Int.random(in: 150...500, using: &generator)), unit: "ml", at: at))
            }
        }
        let batches = stride(from: 0, to: samples.count, by: AddSamplesRequest.maxSamples).map {
            Array(samples[$0..<min($0 + AddSamplesRequest.maxSamples, samples.count)])
        }
        try await inParallel(batches, width: 4) { batch in
            _ = try await health.call(.samplesAdd, AddSamplesRequest(samples: batch),
                                      idempotencyKey: UUID().uuidString)
        }
        try await inParallel(drinks, width: 32) { drink in
            _ = try await intake.call(.intakeLog, drink, idempotencyKey: UUID().uuidString)
        }
    }

    static func inParallel<T: Sendable>(_ items: [T], width: Int, _ body: @escaping @Sendable (T) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            var iterator = items.makeIterator()
            for _ in 0..<width {
                guard let item = iterator.next() else { break }
                group.addTask { try await body(item) }
            }
            while try await group.next() != nil {
                if let item = iterator.next() { group.addTask { try await body(item) } }
            }
        }
    }

    /// Waits until analytics has applied every event its publishers announced.
    static func waitForCatchUp(_ analytics: RPCClient) async throws {
        let start = Clock.nanos()
        var settled = 0
        while Clock.seconds(since: start) < 900 {
            let lag = try await analytics.call(.analyticsLag, LagRequest())
            if lag.publishers.allSatisfy({ $0.lag == 0 && $0.connected }) {
                settled += 1
                if settled >= 3 { return }
            } else {
                settled = 0
            }
            try await Task.sleep(for: .milliseconds(500))
        }
        throw BenchError("analytics did not catch up within 900 s")
    }

    static func measure(_ bench: BenchRun, deployment: BenchDeployment, days: Int, today: Date, calendar: Calendar, feedSeconds: Double) throws {
        let context = try Context(ioThreads: 1)
        let client = try RawClient(context: context, endpoint: try deployment.endpoint(ServiceName.analytics),
                                   curve: deployment.credentials(ServiceName.analytics, user: user))
        defer { client.close() }
        let months = (0..<max(1, days / 30)).map { index -> String in
            let date = calendar.date(byAdding: .month, value: -index, to: today)!
            let parts = calendar.dateComponents([.year, .month], from: date)
            return String(format: "%04d-%02d", parts.year!, parts.month!)
        }
        func envelope<Body: Encodable>(_ type: String, _ body: Body) throws -> [UInt8] {
            try Envelope(type: type, user: user, timeZone: "UTC", body: try MessagePackRaw(encoding: body)).encoded()
        }
        let kinds: [(String, () throws -> [UInt8])] = [
            ("system.ping", { try envelope(MessageDescriptor.systemPing.name, PingRequest()) }),
            ("analytics.today", { try envelope(MessageDescriptor.analyticsToday.name, DayRequest()) }),
            ("analytics.steps-month (a month in range)", { try envelope(MessageDescriptor.analyticsStepsMonth.name, MonthRequest(month: months.randomElement()!)) }),
            ("analytics.history 30 days", { try envelope(MessageDescriptor.analyticsHistory.name, HistoryRequest(days: 30)) }),
            ("analytics.history 365 days", { try envelope(MessageDescriptor.analyticsHistory.name, HistoryRequest(days: 365)) }),
            ("analytics.history 3660 days", { try envelope(MessageDescriptor.analyticsHistory.name, HistoryRequest(days: 3660)) }),
        ]
        var times = Array(repeating: Samples(), count: kinds.count)
        let rounds = bench.quick ? 100 : 300
        for round in 0..<(rounds + 20) {
            for index in kinds.indices.shuffled() {
                let bytes = try kinds[index].1()
                let start = Clock.nanos()
                let reply = try client.roundTrip(bytes)
                let elapsed = Clock.micros(since: start)
                if round == 0, let error = try Envelope.decode(reply).error {
                    throw BenchError("\(kinds[index].0) failed: \(error.message)")
                }
                if round >= 20 { times[index].append(elapsed) }
            }
        }
        let ping = times[0].median
        let stage = "analytics \(Format.grouped(Double(days))) days"
        bench.report.add(stage, "system.ping round trip (subtracted below)",
                         value: "p50 \(Format.micros(ping)) / p99 \(Format.micros(times[0].percentile(99))) µs",
                         note: "fed in \(Format.fixed(feedSeconds, 1)) s incl. catch-up")
        for index in kinds.indices.dropFirst() {
            let server = Samples(times[index].values.map { max(0, $0 - ping) / 1000 })
            let p99 = server.percentile(99)
            let targeted = days == 3650 && index >= 2
            bench.report.add(stage, "\(kinds[index].0) server time",
                             value: "p50 \(Format.fixed(server.median, 2)) / p99 \(Format.fixed(p99, 2)) ms",
                             target: targeted ? "p99 ≤ 5 ms" : "", met: targeted ? p99 <= 5 : nil,
                             note: "round trip p50 \(Format.micros(times[index].median)) µs")
        }
    }
}
