internal import QuenchBuildInfo

/// The build's version, reported by `system.ping`, `quench --version` and `quench status`: the
/// release (`release`, raised with every release that docs/OPERATIONS.md's "Upgrade notes" list)
/// and, as semantic-versioning build metadata, the commit it was built from:
/// `0.2.0+1a2b3c4d5e6f` (`-dirty` when the checkout had changes), the release alone outside git.
public enum QuenchVersion {
    public static let release = "0.2.0"
    /// `git describe --always --dirty` of the build's checkout; empty when it was not one.
    public static let commit = BuildInfo.commit
    public static let current = commit.isEmpty ? release : "\(release)+\(commit)"
}
