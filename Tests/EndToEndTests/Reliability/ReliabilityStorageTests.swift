import ChildProcess
import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Scenario 6: a disk that fills up, and a file system that turns read-only under a running
/// service. Writes are refused with `unavailable` and nothing of them is stored; reads go on.
@Suite("Reliability: storage faults", .serialized)
struct ReliabilityStorageTests {
    static func client(_ service: ServiceProcess) throws -> RPCClient {
        try RPCClient(endpoint: service.rpcEndpoint, options: RPCClientOptions(attemptTimeout: .seconds(5), attempts: 1, timeZone: "UTC", user: "ana"))
    }

    static func log(_ client: RPCClient, key: String) async throws -> IntakeRecord {
        try await client.call(MessageDescriptor.intakeLog.name, LogIntakeRequest(volume: 250), as: IntakeRecord.self, idempotencyKey: key)
    }

    /// The intake file's rows, idempotency keys and events (the service may still run).
    static func stored(_ service: ServiceProcess) throws -> (rows: Int, keys: Int, events: Int) {
        let path = service.databasePath
        return (try SQLiteFiles.integer(path, "SELECT COUNT(*) FROM intake"),
                try SQLiteFiles.integer(path, "SELECT COUNT(*) FROM runtime_idempotency"),
                try SQLiteFiles.outboxShape(path).count)
    }

    @Test(
        "disk full: the log is refused with unavailable, nothing partial remains, reads answer, writes resume once space is free",
        .enabled(if: ScratchDisk.tmpfsUnavailable == nil, "needs root to mount a small tmpfs: \(ScratchDisk.tmpfsUnavailable ?? "")"),
        .timeLimit(.minutes(5)))
    func diskFull() async throws {
        let disk = try ScratchDisk(.tmpfs, megabytes: 16)
        defer { disk.unmount() }
        let service = try ServiceProcess("intake", dataDirectory: disk.folder("intake"))
        let client = try Self.client(service)
        var acknowledged = 0
        for index in 0..<20 {
            _ = try await Self.log(client, key: "full-\(index)")
            acknowledged += 1
        }
        let filler = try disk.fill()
        var refused: QuenchError?
        var failedKey = ""
        for index in 20..<5000 {
            do {
                _ = try await Self.log(client, key: "full-\(index)")
                acknowledged += 1
            } catch let error as QuenchError {
                refused = error
                failedKey = "full-\(index)"
                break
            }
        }
        let error = try #require(refused, "no log failed with the disk full (\(acknowledged) stored)")
        #expect(error.code == .unavailable)
        #expect(error.message == "storage is full; nothing was stored", "\(error)")
        // Refused again while full, also many at once (they share group-committed
        // transactions: none of a failed batch may remain); reads answer meanwhile.
        let refusedAgain = await withTaskGroup(of: Int.self) { group in
            for index in 0..<20 {
                group.addTask {
                    do {
                        _ = try await Self.log(client, key: "full-again-\(index)")
                        return 0
                    } catch let error as QuenchError where error.code == .unavailable {
                        return 1
                    } catch {
                        return 0
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(refusedAgain == 20)
        let total = try await client.call(MessageDescriptor.intakeDayTotal.name, DayTotalRequest(), as: DayTotal.self)
        #expect(total.count == acknowledged)
        let health = try await client.call(MessageDescriptor.systemHealth.name, HealthRequest(), as: HealthReply.self)
        #expect(health.headSeq == UInt64(acknowledged))
        #expect(service.isRunning)
        // Nothing partial: rows, keys and events all match what was acknowledged.
        let whileFull = try Self.stored(service)
        #expect(whileFull.rows == acknowledged && whileFull.keys == acknowledged && whileFull.events == acknowledged, "\(whileFull) vs \(acknowledged)")

        try disk.removeFiller()
        _ = try await Self.log(client, key: failedKey)
        acknowledged += 1
        for index in 0..<10 {
            _ = try await Self.log(client, key: "full-after-\(index)")
            acknowledged += 1
        }
        await client.close()
        let exit = service.stop()
        #expect(exit?.status == 0)
        let after = try Self.stored(service)
        #expect(after.rows == acknowledged && after.keys == acknowledged && after.events == acknowledged, "\(after) vs \(acknowledged)")
        #expect(try SQLiteFiles.outboxShape(service.databasePath).max == acknowledged)
        let integrity = try SQLiteFiles.integrityCheck(service.databasePath)
        #expect(integrity == "ok")
        ReliabilityReport.line("disk-full", [
            "filler bytes": filler, "acknowledged": acknowledged, "refused": 1 + refusedAgain, "error": "\(error.code): \(error.message)",
            "rows": after.rows, "lost": acknowledged - after.rows, "partial": whileFull.rows - whileFull.keys, "integrity": integrity,
        ])
    }

    @Test(
        "read-only file system: writes refused with unavailable, reads answer, after repair and restart writes resume",
        .enabled(if: ScratchDisk.ext4Unavailable == nil, "needs root, loop devices and mkfs.ext4: \(ScratchDisk.ext4Unavailable ?? "")"),
        .timeLimit(.minutes(5)))
    func readOnly() async throws {
        let disk = try ScratchDisk(.ext4, megabytes: 32)
        defer { disk.unmount() }
        // Only the SQLite files live on the disk (SQLite follows the link and keeps its -wal
        // and -shm beside the target): the log stays writable, and nothing of this process
        // keeps the disk busy when it is unmounted for the repair.
        let folder = temporaryDirectory("reliability-readonly")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("intake.sqlite").path, withDestinationPath: disk.folder("intake.sqlite").path)
        let service = try ServiceProcess("intake", dataDirectory: folder)
        var client = try Self.client(service)
        var acknowledged = 0
        for index in 0..<20 {
            _ = try await Self.log(client, key: "ro-\(index)")
            acknowledged += 1
        }
        try disk.forceReadOnly()
        var errors: [QuenchError] = []
        for index in 0..<5 {
            do {
                _ = try await Self.log(client, key: "ro-refused-\(index)")
                acknowledged += 1
            } catch let error as QuenchError {
                errors.append(error)
            }
        }
        #expect(errors.count == 5, "\(errors)")
        #expect(errors.allSatisfy { $0.code == .unavailable && $0.message == "storage cannot be written right now; nothing was stored" }, "\(errors)")
        let total = try await client.call(MessageDescriptor.intakeDayTotal.name, DayTotalRequest(), as: DayTotal.self)
        #expect(total.count == acknowledged)
        let list = try await client.call(MessageDescriptor.intakeList.name, ListIntakesRequest(), as: ListIntakesReply.self)
        #expect(list.intakes.count == acknowledged)
        #expect(service.isRunning)
        await client.close()
        let exit = try await offThePool { service.stop() }

        try disk.repair()
        try service.start()
        client = try Self.client(service)
        _ = try await Self.log(client, key: "ro-refused-0")
        acknowledged += 1
        await client.close()
        service.stop()
        let after = try Self.stored(service)
        #expect(after.rows == acknowledged && after.keys == acknowledged && after.events == acknowledged, "\(after) vs \(acknowledged)")
        let integrity = try SQLiteFiles.integrityCheck(service.databasePath)
        #expect(integrity == "ok")
        ReliabilityReport.line("read-only", [
            "acknowledged": acknowledged, "refused": errors.count, "error": errors.first.map { "\($0.code): \($0.message)" } ?? "none",
            "exit while read-only": exit.map { "\($0.status)" } ?? "none", "rows": after.rows, "lost": acknowledged - after.rows,
            "integrity": integrity,
        ])
    }
}
