/// What an open element means to the scanner.
enum ElementRole: UInt8 {
    case other, healthData, record, correlation, exportDate, workout, workoutStatistics

    @inline(__always)
    static func of(_ p: UnsafePointer<UInt8>, _ n: Int) -> ElementRole {
        switch n {
        case 6 where p[0] == 0x52 && p[1] == 0x65 && p[2] == 0x63 && p[3] == 0x6F && p[4] == 0x72 && p[5] == 0x64:
            .record
        case 7 where ByteMatch.equal(p, n, "Workout"): .workout
        case 10 where ByteMatch.equal(p, n, "HealthData"): .healthData
        case 10 where ByteMatch.equal(p, n, "ExportDate"): .exportDate
        case 11 where ByteMatch.equal(p, n, "Correlation"): .correlation
        case 17 where ByteMatch.equal(p, n, "WorkoutStatistics"): .workoutStatistics
        default: .other
        }
    }
}
