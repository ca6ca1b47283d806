@testable import HealthIngestService
import Testing

/// ``SourceMerge/inOrder(_:)`` puts a day's samples in rank order by counting and sorts a
/// rank's run only when it is out of order: the result must be the general sort's.
@Suite("Merge in time: the samples' order")
struct SourceMergeOrderTests {
    static func sorted(_ samples: [SourceMerge.Sample]) -> [SourceMerge.Sample] {
        samples.sorted { ($0.rank, $0.start, $0.end, $0.value) < ($1.rank, $1.start, $1.end, $1.value) }
    }

    @Test("interleaved sources in time order, shuffled days, ties, one rank, none, ranks beyond the count: the general sort's order")
    func sameAsSort() {
        var random = SystemRandomNumberGenerator()
        // Two sources interleaved in time, as an import brings a day.
        let inTime = (0..<300).map { index in
            SourceMerge.Sample(rank: index % 2, start: Double(index) * 60, end: Double(index) * 60 + 90, value: Double(index % 7))
        }
        let cases: [[SourceMerge.Sample]] = [
            inTime,
            inTime.shuffled(using: &random),
            inTime + inTime,
            (0..<50).map { SourceMerge.Sample(rank: 0, start: Double(50 - $0), end: 100, value: 1) },
            (0..<40).map { _ in SourceMerge.Sample(rank: Int.random(in: 0...3, using: &random), start: Double(Int.random(in: 0...5, using: &random)),
                                                   end: 10, value: Double(Int.random(in: 0...2, using: &random))) },
            [SourceMerge.Sample(rank: 7, start: 1, end: 2, value: 1), SourceMerge.Sample(rank: 0, start: 3, end: 4, value: 1)],
            [SourceMerge.Sample(rank: -1, start: 1, end: 2, value: 1), SourceMerge.Sample(rank: 2, start: 0, end: 4, value: 1)],
            [],
        ]
        for samples in cases {
            #expect(SourceMerge.inOrder(samples) == Self.sorted(samples))
            #expect(SourceMerge.total(samples) == SourceMerge.total(Self.sorted(samples)))
        }
    }
}
