import ChildProcess
public import Foundation

/// A real HTTP challenges feed on loopback: `Tests/python/catalog_server.py` (Python's
/// `http.server`) in a child process, serving the catalog a test writes, with ETag and
/// Last-Modified, 304s, any status, slow heads and bodies, and large bodies. Stop it with
/// `stop()`.
public final class CatalogServer: Sendable {
    public let directory: URL
    public let port: Int
    private let child: Child

    /// Serves HTTPS: with a certificate for 127.0.0.1 signed by `authority`, else self-signed
    /// (made with `openssl`).
    public let tls: Bool

    /// `tls` without `authority`: a self-signed certificate, which no client trusts. With
    /// `authority`, the certificate names `certifiedAddress` (its subjectAltName IP).
    public init(_ label: String, tls: Bool = false, authority: TestCertificateAuthority? = nil, certifiedAddress: String = "127.0.0.1") throws {
        directory = TestScratch.directory("feed-\(label)")
        self.tls = tls || authority != nil
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("python/catalog_server.py").path
        var arguments = ["python3", script, directory.path]
        if let authority {
            let made = try authority.issueServerCertificate(in: directory, ipAddress: certifiedAddress)
            arguments += [made.certificate, made.key]
        } else if tls {
            let made = try TestCertificateAuthority.selfSigned(in: directory)
            arguments += [made.certificate, made.key]
        }
        child = try ChildCommand(
            "/usr/bin/env", arguments: arguments,
            standardInput: .null, standardOutput: .file(directory.appendingPathComponent("server.log").path),
            standardError: .sameAsStandardOutput
        ).spawn()
        let portFile = directory.appendingPathComponent("port")
        let deadline = ContinuousClock.now + .seconds(20)
        while !FileManager.default.fileExists(atPath: portFile.path) {
            guard child.isRunning, ContinuousClock.now < deadline else {
                child.stop(grace: .seconds(1))
                let log = (try? String(contentsOf: directory.appendingPathComponent("server.log"), encoding: .utf8)) ?? ""
                throw CatalogServerFailure("the feed server did not start (python3 \(script)): \(log)")
            }
            usleep(20_000)
        }
        guard let port = Int((try String(contentsOf: portFile, encoding: .utf8)).trimmingCharacters(in: .whitespaces)) else {
            throw CatalogServerFailure("the feed server wrote no port")
        }
        self.port = port
    }

    /// `http://127.0.0.1:PORT/` (https with `tls`) + `path`.
    public func url(_ path: String = "catalog.json") -> String {
        "\(tls ? "https" : "http")://127.0.0.1:\(port)/\(path)"
    }

    /// Serves `json` at `/catalog.json` from now on, with `lastModified` (an HTTP date) as its
    /// Last-Modified when given (else the file's time).
    public func serve(_ json: String, lastModified: String? = nil) throws {
        try Data(json.utf8).write(to: directory.appendingPathComponent("catalog.json"), options: .atomic)
        let stamp = directory.appendingPathComponent("last-modified")
        if let lastModified {
            try Data(lastModified.utf8).write(to: stamp, options: .atomic)
        } else {
            try? FileManager.default.removeItem(at: stamp)
        }
    }

    /// The requests received so far: path and the validators sent.
    public func requests() throws -> [(path: String, ifNoneMatch: String?, ifModifiedSince: String?)] {
        let file = directory.appendingPathComponent("requests.jsonl")
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        return try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return (object["path"] as? String ?? "", object["if_none_match"] as? String, object["if_modified_since"] as? String)
        }
    }

    public func stop() {
        child.stop(grace: .seconds(2))
    }

    /// A feed of `items` (JSON objects as text).
    public static func feed(_ items: [String]) -> String {
        #"{"items":["# + items.joined(separator: ",") + "]}"
    }

    /// One feed item as JSON text.
    public static func item(
        _ id: String, title: String = "A challenge", type: String = "step", goal: Double = 10_000, trophy: String = "gold", points: Int = 10
    ) -> String {
        #"{"id":"\#(id)","title":"\#(title)","description":"","type":"\#(type)","goal":\#(goal),"reward":{"trophy":"\#(trophy)","points":\#(points)}}"#
    }
}

public struct CatalogServerFailure: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
