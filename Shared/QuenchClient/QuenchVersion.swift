/// The build's version, reported by `system.ping` and `quench --version`.
public enum QuenchVersion {
    public static let current = "0.1.0"
}
