import Foundation
import QuenchProtocol

/// The local day of instants in one time zone, fast for instants in order: the UTC offset
/// is looked up once per stretch between two transitions of the zone.
struct LocalDayResolver {
    let timeZone: TimeZone
    private var validFrom = Double.infinity
    private var validUntil = -Double.infinity
    private var offset = 0.0
    /// The last day's text: an import's samples come in runs of one day.
    private var lastText: (ordinal: Int, text: String) = (.min, "")

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// `day(of:)` as `YYYY-MM-DD`, built once per run of samples on the same day.
    mutating func dayText(of instant: Date) -> String {
        let day = day(of: instant)
        let ordinal = day.ordinal
        if ordinal != lastText.ordinal {
            lastText = (ordinal, day.description)
        }
        return lastText.text
    }

    /// The day of `instant` at a fixed UTC offset (seconds east), as `YYYY-MM-DD`: the day of
    /// a sample recorded where that offset held (an Apple Health record's own `-0400`),
    /// whatever this resolver's zone.
    mutating func dayText(of instant: Date, utcOffset: Int) -> String {
        let ordinal = Int(((instant.timeIntervalSince1970 + Double(utcOffset)) / 86_400).rounded(.down))
        if ordinal != lastText.ordinal {
            lastText = (ordinal, LocalDay(ordinal: ordinal).description)
        }
        return lastText.text
    }

    mutating func day(of instant: Date) -> LocalDay {
        let offset = Double(offset(at: instant))
        return LocalDay(ordinal: Int(((instant.timeIntervalSince1970 + offset) / 86_400).rounded(.down)))
    }

    /// The zone's UTC offset at `instant`, in seconds east.
    mutating func offset(at instant: Date) -> Int {
        let seconds = instant.timeIntervalSince1970
        if !(seconds >= validFrom && seconds < validUntil) {
            offset = Double(timeZone.secondsFromGMT(for: instant))
            validFrom = seconds
            validUntil = timeZone.nextDaylightSavingTimeTransition(after: instant)?.timeIntervalSince1970 ?? .infinity
        }
        return Int(offset)
    }
}
