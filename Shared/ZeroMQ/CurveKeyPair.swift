internal import CZeroMQ
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A CURVE key pair in Z85 text form (40 characters each).
public struct CurveKeyPair: Sendable, Equatable {
    /// The Z85 public key, shared with peers.
    public let publicKey: String
    /// The Z85 secret key, never to leave its owner.
    public let secretKey: String

    /// Pairs two existing Z85 keys (not validated).
    public init(publicKey: String, secretKey: String) {
        self.publicKey = publicKey
        self.secretKey = secretKey
    }

    /// `zmq_curve_keypair`: a fresh random key pair. Throws `ENOTSUP` without CURVE support.
    public static func generate() throws -> CurveKeyPair {
        var publicKey = [CChar](repeating: 0, count: 41)
        var secretKey = [CChar](repeating: 0, count: 41)
        guard zmq_curve_keypair(&publicKey, &secretKey) == 0 else { throw ZMQError.last("zmq_curve_keypair") }
        return CurveKeyPair(publicKey: string(publicKey), secretKey: string(secretKey))
    }

    /// `zmq_curve_public`: derives the public key of a Z85 secret key. Throws `EINVAL` for a malformed key.
    public static func publicKey(forSecretKey secretKey: String) throws -> String {
        guard secretKey.utf8.count == 40, !secretKey.utf8.contains(0) else {
            throw ZMQError(code: EINVAL, operation: "zmq_curve_public")
        }
        var publicKey = [CChar](repeating: 0, count: 41)
        guard zmq_curve_public(&publicKey, secretKey) == 0 else { throw ZMQError.last("zmq_curve_public") }
        return string(publicKey)
    }

    private static func string(_ chars: [CChar]) -> String {
        String(decoding: chars.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
