import Foundation
import HealthImport
@testable import QuenchCLI
import QuenchProtocol
import Testing

@Suite("A workout log's sets in day order")
struct WorkoutDayOrderTests {
    private static func line(_ day: Int, _ exercise: String, reps: Int) -> WorkoutLine {
        let date = LocalDay(ordinal: day)
        return WorkoutLine(lineNumber: 0, year: date.year, month: date.month, day: date.day, exercise: exercise, sets: 1, reps: reps, weight: 100)
    }

    @Test("passes cut the days into ranges of at most maxHeld sets; a bigger day is a range alone")
    func passes() {
        var order = WorkoutDayOrder(maxHeld: 3)
        for (day, count) in [(20_003, 1), (20_001, 2), (20_002, 1), (20_005, 5), (20_004, 2)] {
            for _ in 0..<count { order.count(Self.line(day, "Row", reps: 5)) }
        }
        #expect(order.passes() == [20_001...20_002, 20_003...20_004, 20_005...20_005])
    }

    @Test("a file's sets come out by day, in the file's order within a day, read once per pass")
    func readsInDayOrder() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("day-order-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try """
            date,exercise,sets,reps,weight
            Oct 13 2025,Deadlift,1,5,225
            Oct 11 2025,Back Squat,1,10,45
            Oct 12 2025,Bench Press,1,5,135
            Oct 11 2025,Back Squat,1,8,45
            Oct 13 2025,Deadlift,1,3,245
            Oct 11 2025,Bench Press,1,8,95
            """.write(to: file, atomically: true, encoding: .utf8)
        let parser = WorkoutLogParser(userOffset: { _ in 0 })
        var order = WorkoutDayOrder(maxHeld: 3)
        _ = try parser.parse(path: file.path) { result in
            if case .success(let line) = result { order.count(line) }
        }
        var seen: [String] = []
        for range in order.passes() {
            let pass = try order.read(range, path: file.path, parser: parser)
            for index in pass.sets.indices {
                let line = pass.line(index, on: LocalDay(ordinal: Int(pass.sets[index].day)))
                seen.append("\(LocalDay(ordinal: Int(pass.sets[index].day))) \(line.exercise) \(line.reps)")
            }
        }
        #expect(seen == [
            "2025-10-11 Back Squat 10", "2025-10-11 Back Squat 8", "2025-10-11 Bench Press 8",
            "2025-10-12 Bench Press 5", "2025-10-13 Deadlift 5", "2025-10-13 Deadlift 3",
        ])
    }
}
