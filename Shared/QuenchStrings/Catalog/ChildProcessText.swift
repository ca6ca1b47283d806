/// A program the CLI starts (`quench up`'s services, `rsvg-convert`) could not be started.
public enum ChildProcessText: LocalizedMessage, Hashable {
    /// `step` is the system call that failed (`posix_spawn`, `pipe2`: a name, shown as it is).
    case cannotRun(executable: String, directory: String?, step: String, SystemErrorText)

    public func text(_ l: Language) -> Localized {
        switch self {
        case .cannotRun(let executable, let directory?, let step, let error):
            l.pick(
                en: "cannot run \(executable) in \(directory): \(step): \(error)",
                de: "\(executable) lässt sich in \(directory) nicht starten: \(step): \(error)",
                fr: "impossible de lancer \(executable) dans \(directory) : \(step) : \(error)")
        case .cannotRun(let executable, nil, let step, let error):
            l.pick(
                en: "cannot run \(executable): \(step): \(error)", de: "\(executable) lässt sich nicht starten: \(step): \(error)",
                fr: "impossible de lancer \(executable) : \(step) : \(error)")
        }
    }
}
