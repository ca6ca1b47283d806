public import ArgumentParser
import QuenchStrings

/// `--timeout SECONDS`, read once when argument-parser reads the command line: a number in
/// 0.1…600 s. A number outside the range is kept, so `GlobalOptions.validate()` refuses it with
/// the range (`--timeout must be at least 0.1 and at most 600 seconds, got 0`), exit 64; a text
/// that is no number is argument-parser's usage error, as for any number option.
public struct TimeoutArgument: ExpressibleByArgument, Sendable, Equatable {
    /// The seconds as typed.
    public let seconds: Double

    /// `--timeout`'s range in seconds, both ends included.
    public static let range: ClosedRange<Double> = 0.1...600

    public init?(argument: String) {
        guard let seconds = Double(argument) else { return nil }
        self.seconds = seconds
    }

    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// The range's message when `seconds` is outside it.
    var refusal: String? {
        guard !Self.range.contains(seconds) else { return nil }
        let shown = seconds.isFinite && seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int64(seconds)) : String(seconds)
        return tr(SetupText.timeoutRange(low: l10n.decimal(Self.range.lowerBound, maximum: 3), high: String(Int(Self.range.upperBound)), got: shown))
    }

    /// The time one attempt waits for a reply.
    var duration: Duration {
        .milliseconds(Int(seconds * 1000))
    }
}
