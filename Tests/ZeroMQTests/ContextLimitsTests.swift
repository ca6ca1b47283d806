import Glibc
import Testing
import ZeroMQ

@Suite("Context: how many sockets it may hold")
struct ContextLimitsTests {
    @Test("libzmq's default stops at 1,023 sockets; a context made with maxSockets holds more")
    func maxSockets() throws {
        // Each socket holds a descriptor (its mailbox): allow the process what its hard limit allows.
        var files = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        if files.rlim_cur < 4096, files.rlim_max > files.rlim_cur {
            files.rlim_cur = min(files.rlim_max, 4096)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &files)
        }
        let small = try Context()
        #expect(small.maxSockets == 1023)
        var held: [Socket] = []
        #expect(throws: ZMQError.self) {
            for _ in 0..<1100 { held.append(try small.makeSocket(.dealer)) }
        }
        #expect(held.count == 1023)
        for socket in held { socket.close() }
        held.removeAll()
        small.terminate()

        let large = try Context(maxSockets: 2048)
        #expect(large.maxSockets == 2048)
        for _ in 0..<1100 { held.append(try large.makeSocket(.dealer)) }
        #expect(held.count == 1100)
        for socket in held { socket.close() }
        large.terminate()
    }
}
