import Foundation
import QuenchProtocol
import QuenchRuntime
import Testing

/// Goals' events read by a Python peer over the real sockets (goals' own requests are tested
/// in process: `GoalsRequestsTests`).
@Suite("Goals end to end (requests)", .serialized)
struct GoalsRequestsEndToEndTests {
    @Test("a Python subscriber (pyzmq + msgpack, as the protocol docs show) reads goal.changed")
    func pythonSubscriber() async throws {
        let system = try await GoalsSystem("python", withHealth: false)
        let script = #"""
            import sys, time, uuid, zmq, msgpack
            rpc, pub = sys.argv[1], sys.argv[2]
            ctx = zmq.Context()
            sub = ctx.socket(zmq.SUB); sub.connect(pub); sub.setsockopt(zmq.SUBSCRIBE, b"goal.changed")
            sub.setsockopt(zmq.RCVTIMEO, 10000)
            time.sleep(0.5)
            req = ctx.socket(zmq.REQ); req.connect(rpc); req.setsockopt(zmq.RCVTIMEO, 5000)
            req.send(msgpack.packb({"v": 1, "id": str(uuid.uuid4()), "type": "goal.set", "user": "py",
                                    "sentAt": msgpack.Timestamp.from_unix(time.time()), "tz": "Europe/Berlin",
                                    "idempotencyKey": str(uuid.uuid4()), "body": {"volume": 3.2, "unit": "l"}}))
            reply = msgpack.unpackb(req.recv(), raw=False, timestamp=3)
            assert reply["body"]["goalMl"] == 3200.0, reply
            topic, frame = sub.recv_multipart()
            env = msgpack.unpackb(frame, raw=False, timestamp=3)
            body = env["body"]
            print(topic.decode(), env["publisher"], env["seq"], env["user"], body["oldGoalMl"], body["newGoalMl"], body["source"], body["effectiveDay"])
            """#
        let output = try runPython(["-c", script, system.goals.rpcEndpoint, system.goals.pubEndpoint])
        #expect(output.status == 0, "python subscriber failed: \(output.stdout) \(output.stderr)")
        let berlinToday = LocalDay(instant: Date(), timeZone: TimeZone(identifier: "Europe/Berlin")!).description
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            == "goal.changed goals 1 py 2500.0 3200.0 manual \(berlinToday)")
        await system.close()
    }
}
