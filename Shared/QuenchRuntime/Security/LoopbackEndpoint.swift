/// Whether an endpoint can only be reached from this machine: `ipc://`, `inproc://`, or
/// `tcp://` on 127.0.0.0/8, `::1` or `localhost`.
public enum LoopbackEndpoint {
    public static func isLoopback(_ endpoint: String) -> Bool {
        if endpoint.hasPrefix("ipc://") || endpoint.hasPrefix("inproc://") { return true }
        guard endpoint.hasPrefix("tcp://") else { return false }
        var host = Substring(endpoint.dropFirst("tcp://".count))
        // tcp://source;destination names the bound address last.
        if let semicolon = host.lastIndex(of: ";") { host = host[host.index(after: semicolon)...] }
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            return host[host.index(after: host.startIndex)..<close] == "::1"
        }
        guard let colon = host.lastIndex(of: ":") else { return false }
        let name = host[..<colon]
        if name == "localhost" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { UInt8($0) != nil }
    }
}
