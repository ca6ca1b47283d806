import ZeroMQ

/// A throwaway public key (for an upstream that is not running).
enum CurveKeyPairFixture {
    static func publicKey() throws -> String {
        try CurveKeyPair.generate().publicKey
    }
}
