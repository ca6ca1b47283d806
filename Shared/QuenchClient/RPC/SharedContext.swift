public import ZeroMQ

/// The process's libzmq context, shared by every socket the runtime makes.
public enum SharedContext {
    /// Sockets the shared context may hold at once: a process with many clients and
    /// subscribers (a gateway, a test run) would otherwise meet libzmq's default of 1,023 and
    /// fail to make sockets (`EMFILE`) long before its open-files limit.
    public static let maxSockets = 16_384

    public static let context: Context = {
        do {
            return try Context(ioThreads: 1, maxSockets: maxSockets)
        } catch {
            fatalError("libzmq could not create a context: \(error)")
        }
    }()
}
