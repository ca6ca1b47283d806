import QuenchClient
import ZeroMQ

/// A blocking DEALER: send `[empty][bytes]`, wait for `[empty][reply]`. The same code talks
/// to the raw echo and to a Quench service, so their difference is the server's.
final class RawClient {
    let socket: Socket

    init(context: Context, endpoint: String, curve: CurveClientCredentials?) throws {
        socket = try context.makeSocket(.dealer)
        try socket.setLinger(0)
        try socket.setSendHighWaterMark(100_000)
        try socket.setReceiveHighWaterMark(100_000)
        if let curve {
            try socket.setCurveServerKey(curve.serverPublicKey)
            try socket.setCurveKeys(publicKey: curve.publicKey, secretKey: curve.secretKey)
        }
        try socket.connect(endpoint)
    }

    func roundTrip(_ bytes: [UInt8]) throws -> [UInt8] {
        try socket.send([[], bytes])
        guard let frames = try socket.receiveMultipart(maxFrames: 4), frames.count == 2 else {
            throw BenchError("unexpected reply frames")
        }
        return frames[1]
    }

    func close() {
        socket.close()
    }
}
