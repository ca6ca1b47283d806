import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// The allow-list changes without a restart, and CURVE keeps request contents off the wire.
@Suite("Security: allow-list reload and encryption", .serialized)
struct SecurityTransportEndToEndTests {
    /// The service re-reads the list within a second of a change; the bounds below leave room
    /// for a loaded test machine (the whole suite runs in parallel on two cores).
    @Test("a key added to the allow-list works without a restart; revoked, it is refused (even on a live connection)")
    func reloadWithoutRestart() async throws {
        let system = try SecureIntake("sec-reload", admit: ["admin": "admin"])
        defer { Task { await system.close() } }
        let pid = system.service.pid
        let carl = try system.client("carl")
        await expectRefusal(.unauthenticated) {
            _ = try await carl.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        }

        try system.keys.writeAllowList(["admin": "admin", "carl": "user:carl"])
        let added = ContinuousClock.now
        let admitted = await eventually {
            (try? await carl.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)) != nil
        }
        #expect(admitted)
        print("allow-list reload admitted the new key after \(ContinuousClock.now - added)")
        #expect(system.service.logTail(300).contains("allow-list reloaded"))
        let logged: IntakeRecord = try await carl.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 300))
        #expect(logged.user == "carl")

        try system.keys.writeAllowList(["admin": "admin"])
        let revoked = ContinuousClock.now
        let refused = await eventually {
            do {
                _ = try await carl.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
                return false
            } catch let error as QuenchError {
                return error.code == .unauthenticated
            } catch {
                return false
            }
        }
        #expect(refused)
        // Alone this takes about a second (the list is re-read every second); in the full
        // parallel run one ping can wait out an RPC attempt timeout first (one run: 10.3 s).
        print("allow-list reload refused the revoked key after \(ContinuousClock.now - revoked)")
        #expect(ContinuousClock.now - revoked < .seconds(20), "took \(ContinuousClock.now - revoked)")
        let fresh = try system.client("carl")
        await expectRefusal(.unauthenticated) {
            _ = try await fresh.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
        }

        // SIGHUP re-reads the list at once and the service keeps running.
        try system.keys.writeAllowList(["admin": "admin", "dave": "user:dave"])
        kill(pid, SIGHUP)
        let dave = try system.client("dave")
        #expect(await eventually {
            (try? await dave.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)) != nil
        })
        #expect(system.service.isRunning)
        #expect(system.service.logTail(300).contains("SIGHUP"))
    }

    @Test("a rotation: one of a principal's two keys revoked is refused on its live connection; the other key goes on")
    func rotatedKeyRefusedLive() async throws {
        let system = try SecureIntake("sec-rotate", admit: ["admin": "admin", "erin-old": "user:erin", "erin-new": "user:erin"])
        defer { Task { await system.close() } }
        let old = try system.client("erin-old")
        let new = try system.client("erin-new")
        let first: IntakeRecord = try await old.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 200))
        #expect(first.user == "erin")
        _ = try await new.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)

        // The old key leaves the list; its connection stays open (no reconnect) and is
        // refused at its next request, while the principal's new key still works.
        try system.keys.writeAllowList(["admin": "admin", "erin-new": "user:erin"])
        let refused = await eventually {
            do {
                _ = try await old.call(MessageDescriptor.systemPing.name, PingRequest(), as: PingReply.self)
                return false
            } catch let error as QuenchError {
                return error.code == .unauthenticated && error.message.contains("removed from the allow-list")
            } catch {
                return false
            }
        }
        #expect(refused)
        await expectRefusal(.unauthenticated) {
            let _: IntakeRecord = try await old.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 300))
        }
        let second: IntakeRecord = try await new.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 250))
        #expect(second.user == "erin")
        let list = try await new.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), as: ListIntakesReply.self)
        #expect(list.intakes.map(\.volumeMl).sorted() == [200, 250], "the refused log stored nothing")
        await old.close()
        await new.close()
    }

    /// Logs 1234.567 mL of "zzplaintextzz" through a recording proxy; returns the bytes seen.
    private func capture(_ service: ServiceProcess, options: RPCClientOptions) async throws -> [UInt8] {
        let recorder = try TCPRecorder(targetPort: port(of: service.rpcEndpoint))
        defer { recorder.stop() }
        let client = try RPCClient(endpoint: recorder.endpoint, options: options)
        defer { Task { await client.close() } }
        let fluid: Fluid = try await client.command(MessageDescriptor.fluidsAdd.name, AddFluidRequest(name: "zzplaintextzz", waterPercent: 90))
        #expect(fluid.name == "zzplaintextzz")
        let logged: IntakeRecord = try await client.command(MessageDescriptor.intakeLog.name, LogIntakeRequest(fluid: "zzplaintextzz", volume: 1234.567))
        #expect(logged.volumeMl == 1234.567)
        return recorder.bytes
    }

    @Test("a CURVE session shows neither the fluid name nor the amount on the wire; --insecure shows both")
    func noPlaintextOnTheWire() async throws {
        let secret = Array("zzplaintextzz".utf8)
        let amount: [UInt8] = [0xCB] + withUnsafeBytes(of: (1234.567).bitPattern.bigEndian, Array.init)

        let system = try SecureIntake("sec-wire")
        defer { Task { await system.close() } }
        let encrypted = try await capture(system.service, options: try system.keys.options("ana"))
        #expect(encrypted.count > 200)
        #expect(!encrypted.containsSequence(secret))
        #expect(!encrypted.containsSequence(amount))

        let open = try ServiceProcess("intake", dataDirectory: temporaryDirectory("sec-wire-open"))
        defer { open.stop() }
        let plain = try await capture(open, options: RPCClientOptions(attemptTimeout: .seconds(2), attempts: 1, user: "ana"))
        #expect(plain.containsSequence(secret))
        #expect(plain.containsSequence(amount))
    }
}
