/// Where one of a child's standard streams goes.
public enum ChildIO: Sendable, Equatable {
    /// The parent's own stream (the same file descriptor 0, 1 or 2).
    case inherit
    /// `/dev/null`: reads see end of file, writes are discarded.
    case null
    /// A file: read for standard input; for output, created if missing (mode 0644) and
    /// appended to, or truncated first when `append` is false.
    case file(String, append: Bool = true)
    /// A pipe whose other end the parent holds (`Child.standardInput`/`standardOutput`/`standardError`).
    case pipe
    /// Standard error only: the same destination as standard output (`2>&1`).
    case sameAsStandardOutput
}
