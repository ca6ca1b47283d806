import Foundation
import Testing
@testable import IntakeService

/// An intake id's middle part counts within its millisecond only: ids made by other users
/// between two of one user's drinks leave no trace in the second id (#39 item 6), while ids
/// of one millisecond stay apart and in order.
@Suite struct IntakeIDTests {
    /// The 4 hex digits after the 12 of the time.
    static func sequence(_ id: String) -> String { String(id.dropFirst(12).prefix(4)) }

    @Test func theSequenceStartsAgainEachMillisecond() {
        // A sequence of its own: suites running beside this one make ids too.
        let sequence = IDSequence()
        let first = Date(timeIntervalSince1970: 1_800_000_000.0005)
        let anas = IntakeStore.newID(now: first, sequence: sequence)
        // Others log 300 drinks in the next millisecond.
        let others = (0..<300).map { _ in IntakeStore.newID(now: first.addingTimeInterval(0.0015), sequence: sequence) }
        let anasNext = IntakeStore.newID(now: first.addingTimeInterval(0.0025), sequence: sequence)
        #expect(Self.sequence(anas) == "0000" && Self.sequence(anasNext) == "0000", "\(anas) \(anasNext)")
        // Within one millisecond: 0, 1, 2, … and sorting as made.
        #expect(others.map(Self.sequence).prefix(3) == ["0000", "0001", "0002"])
        #expect(others == others.sorted() && Set(others).count == others.count)
        #expect(anas < others[0] && others.last! < anasNext)
    }
}
