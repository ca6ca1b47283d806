/// A reactor timer; only touched on the reactor thread.
final class ReactorTimer {
    let id: Int
    var deadline: ContinuousClock.Instant
    /// `nil` for a one-shot timer.
    let interval: Duration?
    let handler: () -> Void
    var isCancelled = false

    init(id: Int, deadline: ContinuousClock.Instant, interval: Duration?, handler: @escaping () -> Void) {
        self.id = id
        self.deadline = deadline
        self.interval = interval
        self.handler = handler
    }
}
