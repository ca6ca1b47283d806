public import ArgumentParser
public import QuenchProtocol

/// A day option (`--day 2026-11-20`) is parsed by argument-parser, once: a bad one is its
/// usage error naming the option and the rule ("The value '2026-02-30' is invalid for
/// '--day <YYYY-MM-DD>'", exit 64) before any request is sent.
extension LocalDay: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}
