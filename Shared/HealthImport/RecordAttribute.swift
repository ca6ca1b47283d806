/// The attributes the scanner keeps, as slot indexes.
enum RecordAttribute: Int, CaseIterable {
    case type, unit, value, sourceName, sourceVersion, device, creationDate, startDate, endDate, locale
    // `Workout` and its `WorkoutStatistics` children.
    case workoutActivityType, duration, durationUnit, totalDistance, totalDistanceUnit, totalEnergyBurned, totalEnergyBurnedUnit, sum

    var name: String {
        switch self {
        case .type: "type"
        case .unit: "unit"
        case .value: "value"
        case .sourceName: "sourceName"
        case .sourceVersion: "sourceVersion"
        case .device: "device"
        case .creationDate: "creationDate"
        case .startDate: "startDate"
        case .endDate: "endDate"
        case .locale: "locale"
        case .workoutActivityType: "workoutActivityType"
        case .duration: "duration"
        case .durationUnit: "durationUnit"
        case .totalDistance: "totalDistance"
        case .totalDistanceUnit: "totalDistanceUnit"
        case .totalEnergyBurned: "totalEnergyBurned"
        case .totalEnergyBurnedUnit: "totalEnergyBurnedUnit"
        case .sum: "sum"
        }
    }

    @inline(__always)
    static func of(_ p: UnsafePointer<UInt8>, _ n: Int) -> RecordAttribute? {
        switch n {
        case 3: if ByteMatch.equal(p, n, "sum") { return .sum }
        case 4:
            if ByteMatch.equal(p, n, "type") { return .type }
            if ByteMatch.equal(p, n, "unit") { return .unit }
        case 5: if ByteMatch.equal(p, n, "value") { return .value }
        case 6:
            if ByteMatch.equal(p, n, "device") { return .device }
            // iOS 8 exports name the source `source=`, later ones `sourceName=`.
            if ByteMatch.equal(p, n, "source") { return .sourceName }
            if ByteMatch.equal(p, n, "locale") { return .locale }
        case 7: if ByteMatch.equal(p, n, "endDate") { return .endDate }
        case 8: if ByteMatch.equal(p, n, "duration") { return .duration }
        case 9: if ByteMatch.equal(p, n, "startDate") { return .startDate }
        case 10: if ByteMatch.equal(p, n, "sourceName") { return .sourceName }
        case 12:
            if ByteMatch.equal(p, n, "creationDate") { return .creationDate }
            if ByteMatch.equal(p, n, "durationUnit") { return .durationUnit }
        case 13:
            if ByteMatch.equal(p, n, "sourceVersion") { return .sourceVersion }
            if ByteMatch.equal(p, n, "totalDistance") { return .totalDistance }
        case 17:
            if ByteMatch.equal(p, n, "totalDistanceUnit") { return .totalDistanceUnit }
            if ByteMatch.equal(p, n, "totalEnergyBurned") { return .totalEnergyBurned }
        case 19: if ByteMatch.equal(p, n, "workoutActivityType") { return .workoutActivityType }
        case 21: if ByteMatch.equal(p, n, "totalEnergyBurnedUnit") { return .totalEnergyBurnedUnit }
        default: break
        }
        return nil
    }
}
