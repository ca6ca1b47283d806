import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A TCP proxy on loopback that forwards to a target and records every byte in both
/// directions, standing in for a packet capture.
final class TCPRecorder: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let targetPort: UInt16
    private let recorded = Mutex<[UInt8]>([])
    private let stopped = Atomic<Bool>(false)

    /// Listens on 127.0.0.1 (a free port) and forwards to 127.0.0.1:`targetPort`.
    init(targetPort: UInt16) throws {
        self.targetPort = targetPort
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw TestFailure("recorder: bind/listen failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var endpoint: String { "tcp://127.0.0.1:\(port)" }

    /// Everything that passed through so far.
    var bytes: [UInt8] { recorded.withLock { $0 } }

    /// Idempotent: a second close of the same number could close a descriptor someone else
    /// opened since (libzmq's own, which it would then assert on).
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    deinit { stop() }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        while !stopped.load(ordering: .relaxed) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: targetPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(client)
                close(upstream)
                continue
            }
            // Both directions share the two descriptors; the second pump to finish closes them.
            let finished = PumpCounter()
            let closeBoth: @Sendable () -> Void = {
                if finished.count.add(1, ordering: .acquiringAndReleasing).newValue == 2 {
                    close(client)
                    close(upstream)
                }
            }
            Thread.detachNewThread { [self] in pump(from: client, to: upstream); closeBoth() }
            Thread.detachNewThread { [self] in pump(from: upstream, to: client); closeBoth() }
        }
    }

    private func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            recorded.withLock { $0.append(contentsOf: buffer[0..<count]) }
            var sent = 0
            while sent < count {
                let written = buffer.withUnsafeBytes { write(destination, $0.baseAddress! + sent, count - sent) }
                guard written > 0 else { break }
                sent += written
            }
        }
        shutdown(destination, Int32(SHUT_WR))
        shutdown(source, Int32(SHUT_RD))
    }
}

private final class PumpCounter: Sendable {
    let count = Atomic<Int>(0)
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs as a contiguous run.
    func containsSequence(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        for start in 0...(count - needle.count) where self[start] == needle[0] {
            if Array(self[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}

/// The port of a `tcp://host:port` endpoint.
func port(of endpoint: String) -> UInt16 {
    UInt16(endpoint.split(separator: ":").last.map(String.init) ?? "") ?? 0
}
