import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing
import ZeroMQ

/// Who may connect: CURVE keys on the allow-list, nothing else; the principal comes from
/// the key, never from the envelope.
@Suite("Security: authentication", .serialized)
struct SecurityAuthenticationEndToEndTests {
    @Test("an admitted user key works and acts for its own user")
    func admittedKey() async throws {
        let system = try SecureIntake("sec-admitted")
        defer { Task { await system.close() } }
        let ana = try system.client("ana")
        let pong = try await ana.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        #expect(pong.service == "intake")
        let logged: IntakeRecord = try await ana.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 250))
        #expect(logged.user == "ana")
        let admin = try system.client("admin")
        let listed: ListIntakesReply = try await admin.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), user: "ana")
        #expect(listed.intakes.map(\.id) == [logged.id])
    }

    @Test("a client without a key is refused quickly and clearly")
    func plainClient() async throws {
        let system = try SecureIntake("sec-plain")
        defer { Task { await system.close() } }
        let plain = try RPCClient(
            endpoint: system.service.rpcEndpoint, options: RPCClientOptions(attemptTimeout: .seconds(30), attempts: 1, user: "ana"))
        defer { Task { await plain.close() } }
        let started = ContinuousClock.now
        let error = await expectRefusal(.unauthenticated) {
            _ = try await plain.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), as: ListIntakesReply.self)
        }
        // Refused, not timed out: well inside the 30 s attempt timeout. (The service may hang
        // up before its greeting reaches the client; three such handshakes count as the
        // refusal, ≈ 0.7 s. Before they did, this took up to 4 s.)
        #expect(ContinuousClock.now - started < .seconds(20), "a refusal, not the 30 s attempt timeout")
        #expect(error?.message.contains("CURVE") == true, "\(error?.message ?? "")")
    }

    @Test("a client that pins a wrong service key is refused as unauthenticated, naming the key to check, not timed out")
    func wrongServiceKey() async throws {
        let system = try SecureIntake("sec-wrong-server-key", admit: ["admin": "admin", "ana": "user:ana"])
        defer { Task { await system.close() } }
        var options = try system.keys.options("ana", attemptTimeout: .seconds(30))
        options.curve?.serverPublicKey = try CurveKeyPairFixture.publicKey()
        let client = try RPCClient(endpoint: system.service.rpcEndpoint, options: options)
        defer { Task { await client.close() } }
        let started = ContinuousClock.now
        let error = await expectRefusal(.unauthenticated) {
            _ = try await client.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        }
        // The service cannot open the client's first message and hangs up; three such
        // handshakes in a row are a refusal (≈ 0.7 s), well inside the 30 s attempt timeout.
        #expect(ContinuousClock.now - started < .seconds(20), "a refusal, not the 30 s attempt timeout")
        #expect(error?.message.contains("publicKey") == true, "\(error?.message ?? "")")
        // The right key still works.
        let ana = try system.client("ana")
        _ = try await ana.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        await ana.close()
    }

    @Test("an unknown key is refused with unauthenticated at once (socket monitor), not after a timeout")
    func unknownKey() async throws {
        let system = try SecureIntake("sec-unknown")
        defer { Task { await system.close() } }
        let stranger = try system.client("stranger", user: "ana", attemptTimeout: .seconds(30))
        let started = ContinuousClock.now
        let error = await expectRefusal(.unauthenticated) {
            _ = try await stranger.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        }
        // Refused, not timed out: well inside the 30 s attempt timeout.
        #expect(ContinuousClock.now - started < .seconds(20), "a refusal, not the 30 s attempt timeout")
        #expect(error?.message == "the service refused this key (not on its allow-list)")
        // Refused again on a second attempt, and nothing it sent was ever applied.
        await expectRefusal(.unauthenticated) {
            let _: IntakeRecord = try await stranger.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 999))
        }
        let admin = try system.client("admin")
        let listed: ListIntakesReply = try await admin.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), user: "ana")
        #expect(listed.intakes.isEmpty)
        #expect(system.service.logTail(200).contains("refused an unknown client key"))
    }

    @Test("a user naming another user in the envelope is permission_denied and nothing changes")
    func otherUserInEnvelope() async throws {
        let system = try SecureIntake("sec-envelope")
        defer { Task { await system.close() } }
        let ana = try system.client("ana")
        let error = await expectRefusal(.permissionDenied) {
            let _: IntakeRecord = try await ana.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 500), user: "bob")
        }
        #expect(error?.message.contains("'ana' may not act for user 'bob'") == true)
        await expectRefusal(.permissionDenied) {
            let _: ListIntakesReply = try await ana.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), user: "bob")
        }
        let admin = try system.client("admin")
        let bobs: ListIntakesReply = try await admin.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), user: "bob")
        #expect(bobs.intakes.isEmpty)
    }

    @Test("the service refuses to start with a secret key readable by others, naming the file")
    func looseSecretKey() throws {
        let folder = temporaryDirectory("sec-mode")
        let keys = try SecurityKeys(folder.appendingPathComponent("keys"))
        chmod(keys.secretKeyFile, 0o644)
        do {
            let service = try ServiceProcess("intake", dataDirectory: folder, arguments: keys.serviceArguments, insecure: false)
            service.stop()
            Issue.record("the service started with a 0644 secret key")
        } catch {
            let text = "\(error)"
            #expect(text.contains(keys.secretKeyFile) && text.contains("0600"), "\(text)")
        }
    }

    @Test("without keys and without --insecure the service refuses to start")
    func noKeysNoStart() throws {
        do {
            let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("sec-nokeys"), insecure: false)
            service.stop()
            Issue.record("the service started without keys")
        } catch {
            #expect("\(error)".contains("curve.secret.key.file"), "\(error)")
        }
    }

    @Test("--insecure is refused on a non-loopback endpoint and announced loudly on loopback")
    func insecureOnlyOnLoopback() throws {
        do {
            let service = try ServiceProcess("intake", dataDirectory: temporaryDirectory("sec-open"), rpcEndpoint: "tcp://0.0.0.0:*")
            service.stop()
            Issue.record("an insecure service bound 0.0.0.0")
        } catch {
            #expect("\(error)".contains("insecure") && "\(error)".contains("0.0.0.0"), "\(error)")
        }
        let loopback = try ServiceProcess("intake", dataDirectory: temporaryDirectory("sec-loop"))
        defer { loopback.stop() }
        #expect(loopback.logTail(200).contains("RUNNING INSECURE"))
    }

    @Test("a subscribing service needs its upstream's public key with CURVE")
    func upstreamKeyRequired() throws {
        let folder = temporaryDirectory("sec-upstream")
        let keys = try SecurityKeys(folder.appendingPathComponent("keys"))
        do {
            let goals = try ServiceProcess("goals", dataDirectory: folder.appendingPathComponent("goals"), arguments: keys.serviceArguments, insecure: false)
            goals.stop()
            Issue.record("goals started without upstream.health-ingest.public.key")
        } catch {
            #expect("\(error)".contains("upstream.health-ingest.public.key"), "\(error)")
        }
    }

    @Test("a subscribing service whose key its upstream does not admit says so once, as an error, and catches up once admitted")
    func upstreamRefusesKey() async throws {
        let folder = temporaryDirectory("sec-upstream-refuses")
        let healthKeys = try SecurityKeys(folder.appendingPathComponent("health-keys"))
        try healthKeys.writeAllowList(["admin": "admin"])
        let health = try ServiceProcess(
            "health-ingest", dataDirectory: folder.appendingPathComponent("health"), arguments: healthKeys.serviceArguments, insecure: false)
        defer { health.stop() }
        let intakeKeys = try SecurityKeys(folder.appendingPathComponent("intake-keys"))
        try intakeKeys.writeAllowList(["admin": "admin"])
        let config = folder.appendingPathComponent("intake-config.json")
        let upstream = #"{"upstream":{"health-ingest":{"rpc":"\#(health.rpcEndpoint)","pub":"\#(health.pubEndpoint)"}}}"#
        try Data(upstream.utf8).write(to: config)
        let intake = try ServiceProcess(
            "intake", dataDirectory: folder.appendingPathComponent("intake"),
            arguments: intakeKeys.serviceArguments + ["--config", config.path, "--upstream-health-ingest-public-key=\(healthKeys.server.publicKey)"],
            insecure: false)
        defer { intake.stop() }

        // health-ingest does not list intake's key (by default its service key): refused,
        // said once although catch-up is retried every second.
        let refusal = "the publisher refuses this service's key"
        #expect(await eventually { intake.logTail(400).contains(refusal) }, "\(intake.logTail(60))")
        try await Task.sleep(for: .seconds(2.5))
        #expect(intake.logTail(400).components(separatedBy: refusal).count - 1 == 1, "\(intake.logTail(60))")

        // Admitted (the allow-list is re-read within a second): intake catches up, and says so.
        var list = try AllowList.load(path: healthKeys.allowListFile)
        list.clients.append(AllowList.Client(publicKey: intakeKeys.server.publicKey, principal: "service:intake"))
        try list.write(to: healthKeys.allowListFile)
        let admin = try RPCClient(endpoint: health.rpcEndpoint, options: try healthKeys.options("admin", user: "ana"))
        defer { Task { await admin.close() } }
        let _: ConsentListReply = try await admin.call(
            MessageDescriptor.consentGrant.name, ConsentChangeRequest(types: ["dietary-water"]), idempotencyKey: UUID().uuidString)
        let head = try await admin.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self).headSeq
        #expect(head >= 1)
        let intakeAdmin = try RPCClient(endpoint: intake.rpcEndpoint, options: try intakeKeys.options("admin"))
        defer { Task { await intakeAdmin.close() } }
        #expect(await eventually {
            let health = try? await intakeAdmin.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
            return health?.subscriptions.first?.appliedSeq == head
        }, "\(intake.logTail(60))")
        #expect(intake.logTail(400).contains("the publisher admits this service's key again"))
    }
}
