public import Foundation

extension ServiceCatalog {
    /// The catalog as JSON, for tools in other languages: `quench services --json` prints it
    /// and `deploy/catalog.json` is a copy of it (a test fails when they differ), which
    /// `deploy/validate_consistency.py` checks the deployment files against.
    ///
    /// ```json
    /// {"services": [{"name": "health-ingest", "executable": "quench-health-ingest",
    ///                "rpcPort": 7301, "pubPort": 7302, "userPubPort": 7303, "upstreams": []}, …]}
    /// ```
    public static func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(Document(services: all.map(Document.Service.init)))
    }

    /// The JSON form; every port spelled out, so readers need not know the user-stream rule.
    struct Document: Codable {
        struct Service: Codable {
            var name: String
            var executable: String
            var rpcPort: Int
            var pubPort: Int
            var userPubPort: Int
            var upstreams: [String]
            /// The services it calls without subscribing (absent when none).
            var calls: [String]?
            /// Its HTTP port (absent for the services without one).
            var httpPort: Int?

            init(_ entry: ServiceEntry) {
                name = entry.name
                executable = entry.executable
                rpcPort = entry.rpcPort
                pubPort = entry.pubPort
                userPubPort = entry.userPubPort
                upstreams = entry.upstreams
                calls = entry.calls.isEmpty ? nil : entry.calls
                httpPort = entry.httpPort
            }
        }

        var services: [Service]
    }
}
