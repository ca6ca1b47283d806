public import Foundation

/// Writes synthetic Health Auto Export payloads for tests and benchmarks, deterministic for a
/// seed, in the app's style (`"key" : value`, per-minute points with fractional shares,
/// pipe-joined sources, U+2019 in device names, an offset of -0500): about 40 % step_count,
/// 30 % walking_running_distance (mi), 25 % heart_rate (not imported), the rest
/// dietary_water (fl_oz_us) and weight_body_mass (lb), plus one version 2 workout a day.
public enum HealthAutoExportGenerator {
    /// The payload with `points` metric points from `start` (UTC epoch seconds) on, a minute apart.
    public static func payload(points: Int, seed: UInt64, start: Int = 1_735_707_600) -> Data {
        var rng = SplitMix64(seed: seed)
        let steps = points * 40 / 100, distance = points * 30 / 100, heart = points * 25 / 100
        let weights = max(1, points / 100)
        let water = max(0, points - steps - distance - heart - weights)
        var out = "{\n  \"data\" : {\n    \"metrics\" : [\n"
        func date(_ minute: Int) -> String {
            stamp(start + minute * 60)
        }
        func metric(_ name: String, _ units: String, _ count: Int, every: Int, last: Bool = false, point: (Int, inout SplitMix64) -> String) {
            out += "      {\n        \"name\" : \"\(name)\",\n        \"units\" : \"\(units)\",\n        \"data\" : [\n"
            for k in 0..<count {
                out += "          {\n" + point(k * every, &rng) + "          }" + (k + 1 < count ? ",\n" : "\n")
            }
            out += "        ]\n      }" + (last ? "\n" : ",\n")
        }
        let sources = ["Ana’s Apple Watch", "Ana’s iPhone|Ana’s Apple Watch"]
        metric("step_count", "count", steps, every: 1) { minute, rng in
            let share = Double(rng.below(12_000)) / 100 + 0.279_676_364_935_806_3
            return "            \"qty\" : \(share),\n            \"source\" : \"\(sources[minute % 2])\",\n            \"date\" : \"\(date(minute))\"\n"
        }
        metric("walking_running_distance", "mi", distance, every: 1) { minute, rng in
            "            \"date\" : \"\(date(minute))\",\n            \"qty\" : \(Double(rng.below(6000)) / 100_000 + 0.000_768_567_743_748_451_16),\n            \"source\" : \"\(sources[minute % 2])\"\n"
        }
        metric("heart_rate", "count/min", heart, every: 1) { minute, rng in
            let avg = 60 + rng.below(80)
            return "            \"Min\" : \(avg - 5),\n            \"Avg\" : \(avg),\n            \"Max\" : \(avg + 7),\n            \"date\" : \"\(date(minute))\",\n            \"source\" : \"Ana’s Apple Watch\"\n"
        }
        metric("dietary_water", "fl_oz_us", water, every: 7) { minute, rng in
            "            \"qty\" : \(4 + rng.below(12)),\n            \"date\" : \"\(date(minute))\",\n            \"source\" : \"WaterMinder\"\n"
        }
        metric("weight_body_mass", "lb", weights, every: 1440, last: true) { minute, rng in
            "            \"qty\" : \(150 + Double(rng.below(300)) / 10),\n            \"source\" : \"Withings\",\n            \"date\" : \"\(date(minute))\"\n"
        }
        out += "    ],\n    \"workouts\" : [\n"
        let days = max(1, max(steps, water * 7, weights * 1440) / 1440)
        for day in 0..<days {
            let begin = start + day * 86_400 + 7 * 3600
            let length = 1200 + rng.below(2400)
            out += """
                  {
                    "id" : "\(String(format: "%08X", day))-0000-4000-8000-000000000000",
                    "name" : "\(["Outdoor Run", "Outdoor Walk", "Indoor Cycling"][day % 3])",
                    "start" : "\(stamp(begin))",
                    "end" : "\(stamp(begin + length))",
                    "duration" : \(Double(length) + 0.044_116_973_877),
                    "location" : "Outdoor",
                    "distance" : { "qty" : \(Double(1000 + rng.below(9000)) / 1000), "units" : "km" },
                    "activeEnergyBurned" : { "qty" : \(200 + rng.below(800)), "units" : "kJ" },
                    "route" : [ ],
                    "metadata" : { }
                  }
            """ + (day + 1 < days ? ",\n" : "\n")
        }
        out += "    ]\n  }\n}\n"
        return Data(out.utf8)
    }

    /// `2025-01-01 00:00:00 -0500` for a UTC epoch second, at -0500.
    static func stamp(_ epoch: Int) -> String {
        let local = epoch - 5 * 3600
        let (y, m, d) = civil(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        let seconds = ((local % 86_400) + 86_400) % 86_400
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(y)-\(two(m))-\(two(d)) \(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)) -0500"
    }

    /// The civil date of a day number (days since 1970-01-01), Howard Hinnant's algorithm.
    static func civil(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
