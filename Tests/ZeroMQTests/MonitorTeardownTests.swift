import Foundation
import Synchronization
import ZeroMQ
import Testing

/// libzmq sends a monitored socket's events to its monitor with blocking sends, from the thread
/// where they happen, often the context's I/O thread. A monitor whose reader is closed while the
/// socket can still report (a connection lost after it) makes that send wait forever, and with
/// it every socket of the context: a test process once stopped getting any reply (RPCClient
/// closed its monitor reader, then a service it had been connected to went away). Stopping the
/// monitor first (`stopMonitor()`) ends the events before the reader goes; `close()` does so
/// itself. (With `stopFirst` false this test fails: the first connection made and lost after
/// the reader closed wedges the I/O thread, the port stays bound and the context answers nothing.)
@Suite("Monitor teardown")
struct MonitorTeardownTests {
    /// Contexts whose I/O thread may be stuck: never terminated (that would wait forever).
    static let kept = Mutex<[Context]>([])

    /// Whether two fresh sockets of `context` still exchange a message over TCP.
    static func contextAnswers(_ context: Context) throws -> Bool {
        let router = try context.makeSocket(.router)
        let dealer = try context.makeSocket(.dealer)
        try router.setLinger(0)
        try dealer.setLinger(0)
        defer { dealer.close(); router.close() }
        try dealer.connect(try bindLoopback(router))
        try dealer.send([bytes("ping")])
        return try receive(router, timeout: 3_000) != nil
    }

    @Test("a connection lost after the monitor's reader closed: the context goes on when the monitor was stopped first",
          arguments: [true])
    func lostAfterReaderClosed(stopFirst: Bool) throws {
        let context = try Context()
        Self.kept.withLock { $0.append(context) }
        let router = try context.makeSocket(.router)
        try router.setLinger(0)
        let endpoint = try bindLoopback(router)
        let dealer = try context.makeSocket(.dealer)
        try dealer.setLinger(0)
        let monitorEndpoint = "inproc://monitor-teardown-\(stopFirst)"
        try dealer.monitor(monitorEndpoint, events: [.connected, .disconnected])
        let reader = try context.makeSocket(.pair)
        try reader.setLinger(0)
        try reader.connect(monitorEndpoint)
        try dealer.connect(endpoint)
        try dealer.send([bytes("hello")])
        #expect(try receive(router) != nil)

        if stopFirst { try dealer.stopMonitor() }
        reader.close()
        // The service goes away and comes back, again and again: each connection made and lost
        // is reported from the I/O thread.
        // (A stuck I/O thread never finishes closing a socket: its port stays bound.)
        router.close()
        var rebound = 0
        for _ in 0..<5 {
            Thread.sleep(forTimeInterval: 0.3)
            let again = try context.makeSocket(.router)
            try again.setLinger(0)
            if (try? again.bind(endpoint)) != nil { rebound += 1 }
            Thread.sleep(forTimeInterval: 0.3)
            again.close()
        }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(rebound == 5, "the lost socket's port stayed bound: the context's I/O thread is stuck")
        #expect(try Self.contextAnswers(context), "the context's I/O thread is stuck")
        if stopFirst { dealer.close() }
    }

    @Test("close() stops a running monitor before it returns: its last event is already there, nothing comes after")
    func closeStopsTheMonitor() throws {
        let context = try Context()
        Self.kept.withLock { $0.append(context) }
        let dealer = try context.makeSocket(.dealer)
        try dealer.setLinger(0)
        try dealer.monitor("inproc://monitor-teardown-close", events: [.monitorStopped, .connected])
        let reader = try context.makeSocket(.pair)
        try reader.setLinger(0)
        try reader.connect("inproc://monitor-teardown-close")
        dealer.close()
        // Synchronously stopped: MONITOR_STOPPED was sent by close() itself, not later by
        // libzmq's reaper after the socket's teardown.
        let frames = try #require(try reader.receiveMultipart(dontWait: true, maxFrames: 4), "no MONITOR_STOPPED right after close()")
        #expect(MonitorEvent(frames: frames)?.event == .monitorStopped)
        reader.close()
    }
}
