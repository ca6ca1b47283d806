import ChildProcess
public import Foundation

/// A certificate authority of a test's own, made with `openssl` (nothing is committed): its
/// certificate (``certificateFile``, PEM) and server certificates it signs for `127.0.0.1`.
/// No system trusts it: a client trusts what it signs only when given ``certificateFile``.
public struct TestCertificateAuthority: Sendable {
    public let directory: URL
    /// The CA's certificate (PEM): what a client is given to trust it.
    public let certificateFile: URL
    private let keyFile: URL

    public init(_ label: String) throws {
        directory = TestScratch.directory("ca-\(label)")
        certificateFile = directory.appendingPathComponent("ca.pem")
        keyFile = directory.appendingPathComponent("ca-key.pem")
        // `req -x509` gives a CA certificate (basicConstraints critical, CA:TRUE).
        try Self.openssl([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile.path, "-out", certificateFile.path, "-days", "1",
            "-subj", "/CN=Quench test CA \(label)",
        ])
    }

    /// A new key and a server certificate for `ipAddress` (its subjectAltName) signed by this
    /// CA, written to `folder` as `cert.pem` and `key.pem`.
    public func issueServerCertificate(in folder: URL, ipAddress: String = "127.0.0.1") throws -> (certificate: String, key: String) {
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        try Self.openssl([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
            "-subj", "/CN=\(ipAddress)", "-CA", certificateFile.path, "-CAkey", keyFile.path,
            "-addext", "subjectAltName=IP:\(ipAddress)", "-addext", "basicConstraints=critical,CA:FALSE",
            "-addext", "extendedKeyUsage=serverAuth",
        ])
        return (certificate, key)
    }

    /// A self-signed server certificate for `ipAddress` (trusted by nobody), written to
    /// `folder` as `cert.pem` and `key.pem`.
    public static func selfSigned(in folder: URL, ipAddress: String = "127.0.0.1") throws -> (certificate: String, key: String) {
        let certificate = folder.appendingPathComponent("cert.pem").path
        let key = folder.appendingPathComponent("key.pem").path
        try openssl([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1",
            "-subj", "/CN=\(ipAddress)", "-addext", "subjectAltName=IP:\(ipAddress)",
        ])
        return (certificate, key)
    }

    static func openssl(_ arguments: [String]) throws {
        let made = try ChildCommand("/usr/bin/env", arguments: ["openssl"] + arguments, standardInput: .null).run()
        guard made.status == 0 else {
            throw CatalogServerFailure("openssl \(arguments.prefix(2).joined(separator: " ")) failed: \(made.standardErrorText)")
        }
    }
}
