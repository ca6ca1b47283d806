/// The merge in time of a cumulative type (steps, distance) recorded by several sources,
/// as Apple's Health app does: sources are taken best first; each sample counts for the
/// part of its interval no better-ranked source covers, its value split in proportion to
/// time. Where samples overlap the better source counts; where only a lesser source has
/// samples (the watch was off), those count. Samples of one source add up as they are.
/// A sample without duration counts whole unless it lies inside a better source's interval.
enum SourceMerge {
    struct Sample: Equatable {
        /// 0 is the best source.
        var rank: Int
        var start: Double
        var end: Double
        var value: Double
    }

    static func total(_ samples: [Sample]) -> Double {
        var covered = Coverage()
        var total = 0.0
        // A total order: the sum is the same whatever order the samples come in (read back
        // from the store or held from the request that stored them).
        let sorted = inOrder(samples)
        var index = 0
        while index < sorted.count {
            var next = index
            while next < sorted.count, sorted[next].rank == sorted[index].rank { next += 1 }
            let group = sorted[index..<next]
            index = next
            for sample in group {
                let length = sample.end - sample.start
                if length > 0 {
                    let free = length - covered.overlap(sample.start, sample.end)
                    total += sample.value * max(0, min(1, free / length))
                } else if !covered.contains(sample.start) {
                    total += sample.value
                }
            }
            for sample in group where sample.end > sample.start {
                covered.add(sample.start, sample.end)
            }
        }
        return total
    }

    /// `samples` sorted by rank, start, end and value. A day's samples come in time order,
    /// its sources interleaved: they are put in rank order by counting (ranks are small), and
    /// each rank's run is sorted only when it is not in order already; a general sort of a
    /// day's few hundred samples by four keys was most of the merge's time.
    static func inOrder(_ samples: [Sample]) -> [Sample] {
        func before(_ a: Sample, _ b: Sample) -> Bool {
            (a.rank, a.start, a.end, a.value) < (b.rank, b.start, b.end, b.value)
        }
        var maxRank = 0
        for sample in samples {
            guard sample.rank >= 0, sample.rank <= samples.count else { return samples.sorted(by: before) }
            maxRank = max(maxRank, sample.rank)
        }
        var starts = [Int](repeating: 0, count: maxRank + 2)
        for sample in samples { starts[sample.rank + 1] += 1 }
        for rank in 0...maxRank { starts[rank + 1] += starts[rank] }
        let bounds = starts
        var sorted = samples
        for sample in samples {
            sorted[starts[sample.rank]] = sample
            starts[sample.rank] += 1
        }
        for rank in 0...maxRank {
            let run = bounds[rank]..<bounds[rank + 1]
            guard run.count > 1 else { continue }
            var ordered = true
            for index in run.dropFirst() where before(sorted[index], sorted[index - 1]) {
                ordered = false
                break
            }
            if !ordered { sorted[run].sort(by: before) }
        }
        return sorted
    }

    /// Disjoint, sorted intervals.
    struct Coverage {
        private(set) var spans: [(start: Double, end: Double)] = []

        /// The length of `start…end` that the spans cover.
        func overlap(_ start: Double, _ end: Double) -> Double {
            var sum = 0.0
            var index = firstEnding(after: start)
            while index < spans.count, spans[index].start < end {
                sum += min(end, spans[index].end) - max(start, spans[index].start)
                index += 1
            }
            return sum
        }

        /// Whether an instant lies inside a span (its ends excluded).
        func contains(_ instant: Double) -> Bool {
            let index = firstEnding(after: instant)
            return index < spans.count && spans[index].start < instant
        }

        mutating func add(_ start: Double, _ end: Double) {
            var index = firstEnding(after: start)
            if index > 0, spans[index - 1].end == start { index -= 1 }
            // Joins every span that touches or overlaps start…end.
            var lower = start, upper = end, last = index
            while last < spans.count, spans[last].start <= end {
                lower = min(lower, spans[last].start)
                upper = max(upper, spans[last].end)
                last += 1
            }
            // In place: no array is made for the one span (this runs for every sample merged).
            if last == index {
                spans.insert((lower, upper), at: index)
            } else {
                spans[index] = (lower, upper)
                spans.removeSubrange(index + 1..<last)
            }
        }

        /// The index of the first span ending after `instant`.
        private func firstEnding(after instant: Double) -> Int {
            var low = 0, high = spans.count
            while low < high {
                let mid = (low + high) / 2
                if spans[mid].end <= instant { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }
}
