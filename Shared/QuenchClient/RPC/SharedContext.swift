public import ZeroMQ

/// The process's libzmq context, shared by every socket the runtime makes.
public enum SharedContext {
    public static let context: Context = {
        do {
            return try Context(ioThreads: 1)
        } catch {
            fatalError("libzmq could not create a context: \(error)")
        }
    }()
}
